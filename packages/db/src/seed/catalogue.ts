// Demo service catalogue: visible categories with localized items (one item hidden), plus one hidden category.
import { priceRange } from '@garage/shared';
import type { Prisma, TaskService } from '../generated/prisma/client.ts';
import { demoMerchant } from './branding-content.ts';
import { seedId } from './ids.ts';

export async function seedCatalogue(tx: Prisma.TransactionClient) {
  const categories = [
    {
      key: 'maintenance',
      title: { en: 'Maintenance', fr: 'Entretien', ar: 'الصيانة' },
      description: { en: 'Keep your car healthy.', fr: 'Gardez votre voiture en forme.', ar: 'حافظ على سيارتك بحالة جيدة.' },
      items: [
        [{ en: 'Oil change', fr: 'Vidange', ar: 'تغيير الزيت' }, 8900, 45, true, 'MAINTENANCE'],
        [{ en: 'Air-conditioning service', fr: 'Entretien climatisation', ar: 'صيانة المكيف' }, 9500, 60, false, 'MAINTENANCE'],
        [{ en: 'Spark plugs', fr: 'Bougies d’allumage', ar: 'شمعات الإشعال' }, 7500, 45, false, 'MAINTENANCE'],
      ],
    },
    {
      key: 'repair',
      title: { en: 'Repairs', fr: 'Réparations', ar: 'الإصلاحات' },
      description: {
        en: 'Mechanical and electrical repairs.',
        fr: 'Réparations mécaniques et électriques.',
        ar: 'إصلاحات ميكانيكية وكهربائية.',
      },
      items: [
        [{ en: 'Brake pads (front)', fr: 'Plaquettes de frein (avant)', ar: 'فحمات الفرامل (أمامية)' }, 18000, 90, true, 'REPAIR'],
        [{ en: 'Timing belt', fr: 'Courroie de distribution', ar: 'سير التوقيت' }, 42000, 240, false, 'REPAIR'],
        [{ en: 'Clutch replacement', fr: 'Remplacement d’embrayage', ar: 'استبدال القابض' }, 68000, 360, false, 'REPAIR'],
      ],
    },
    {
      key: 'diagnostics',
      title: { en: 'Diagnostics', fr: 'Diagnostic', ar: 'التشخيص' },
      description: { en: 'Find the cause before fixing.', fr: 'Trouver la cause avant de réparer.', ar: 'اكتشف السبب قبل الإصلاح.' },
      items: [
        [{ en: 'Computer diagnostic scan', fr: 'Diagnostic électronique', ar: 'فحص إلكتروني' }, 4500, 30, true, 'INSPECTION'],
        [{ en: 'Pre-purchase inspection', fr: 'Inspection avant achat', ar: 'فحص قبل الشراء' }, 6000, 60, false, 'INSPECTION'],
        [{ en: 'Emissions pre-test', fr: 'Pré-contrôle antipollution', ar: 'فحص الانبعاثات المسبق' }, 3500, 30, false, 'INSPECTION', false],
      ],
    },
    {
      key: 'hidden',
      title: { en: 'Fleet contracts', fr: 'Contrats flotte', ar: 'عقود الأساطيل' },
      description: null,
      items: [],
      visible: false,
    },
  ];
  await tx.offeringCategory.createMany({
    data: categories.map((category, index) => {
      // The price range is derived from the visible items, as the catalogue service writes it.
      const range = priceRange(
        category.items.map((item) => ({ priceCents: item[1] as number, currency: demoMerchant.currency, visible: item[5] !== false })),
      );
      return {
        id: seedId(`category:${category.key}`),
        title: category.title,
        description: category.description ?? undefined,
        sortOrder: index,
        visible: category.visible ?? true,
        ...range,
      };
    }),
    skipDuplicates: true,
  });
  await tx.offeringItem.createMany({
    data: categories.flatMap((category) =>
      category.items.map(([title, priceCents, durationMinutes, featured, service, visible], index) => ({
        id: seedId(`item:${category.key}:${index}`),
        categoryId: seedId(`category:${category.key}`),
        title: title as object,
        priceCents: priceCents as number,
        currency: demoMerchant.currency,
        durationMinutes: durationMinutes as number,
        featured: featured as boolean,
        service: service as TaskService,
        visible: visible !== false,
        sortOrder: index,
      })),
    ),
    skipDuplicates: true,
  });
}
