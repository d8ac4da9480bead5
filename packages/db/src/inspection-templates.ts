// The three inspection templates every shop starts with (issue #29): a full multi-point inspection, tyres and
// brakes, and a pre-purchase inspection. Created by the demo seed and when the first setup completes, so a
// fresh installation has them; a shop then edits, archives or adds its own. Ids are deterministic, so running
// this again creates only what is missing and never touches a template the shop has changed.
// Measurement keys are shared across templates ("tread.front-left"): the vehicle's history charts by them.
// Values here are plain numbers in the item's unit (the API's form); the database keeps thousandths.
import { toMilli, type InspectionItemKind, type InspectionUnit } from '@garage/shared';
import type { Db } from './client.ts';
import type { Prisma } from './generated/prisma/client.ts';
import { seedId } from './seed/ids.ts';

type Client = Db | Prisma.TransactionClient;
type Text = { en: string; fr: string; ar: string };

export interface StandardTemplateItem {
  section: Text;
  label: Text;
  key: string | null;
  kind: InspectionItemKind;
  unit: InspectionUnit | null;
  minValue: number | null;
  maxValue: number | null;
  amberAt: number | null;
  redAt: number | null;
  lowerIsWorse: boolean;
  photoRequired: boolean;
}

export interface StandardTemplate {
  /** Stable name of the template in this file: its id is seedId(`inspection-template:<slug>`). */
  slug: 'multi-point' | 'tyres-and-brakes' | 'pre-purchase';
  name: Text;
  description: Text;
  sortOrder: number;
  items: StandardTemplateItem[];
}

export const STANDARD_TEMPLATE_IDS = {
  multiPoint: seedId('inspection-template:multi-point'),
  tyresAndBrakes: seedId('inspection-template:tyres-and-brakes'),
  prePurchase: seedId('inspection-template:pre-purchase'),
} as const;

// ---------------------------------------------------------------------------------------------------------
// Building blocks: sections, then one function per kind of line so the lists below read like a checklist.

const S = {
  underHood: { en: 'Under the hood', fr: 'Sous le capot', ar: 'تحت غطاء المحرك' },
  battery: { en: 'Battery', fr: 'Batterie', ar: 'البطارية' },
  tyres: { en: 'Tyres & wheels', fr: 'Pneus et roues', ar: 'الإطارات والعجلات' },
  brakes: { en: 'Brakes', fr: 'Freins', ar: 'الفرامل' },
  steering: { en: 'Steering & suspension', fr: 'Direction et suspension', ar: 'التوجيه والتعليق' },
  lights: { en: 'Lights & visibility', fr: 'Éclairage et visibilité', ar: 'الإضاءة والرؤية' },
  underbody: { en: 'Underbody & exhaust', fr: 'Dessous de caisse et échappement', ar: 'أسفل الهيكل والعادم' },
  interior: { en: 'Interior & body', fr: 'Habitacle et carrosserie', ar: 'المقصورة والهيكل' },
  documents: { en: 'Documents & identity', fr: 'Documents et identification', ar: 'الوثائق والهوية' },
  bodyPaint: { en: 'Body & paint', fr: 'Carrosserie et peinture', ar: 'الهيكل والطلاء' },
  engine: { en: 'Engine', fr: 'Moteur', ar: 'المحرك' },
  testDrive: { en: 'Test drive', fr: 'Essai routier', ar: 'تجربة القيادة' },
  electrics: { en: 'Electrics & interior', fr: 'Électricité et habitacle', ar: 'الكهرباء والمقصورة' },
} satisfies Record<string, Text>;

const NO_MEASURE = { unit: null, minValue: null, maxValue: null, amberAt: null, redAt: null, lowerIsWorse: true } as const;

function check(section: Text, label: Text, options: { photo?: boolean } = {}): StandardTemplateItem {
  return { section, label, key: null, kind: 'CHECK', ...NO_MEASURE, photoRequired: options.photo ?? false };
}

function measure(
  section: Text,
  label: Text,
  key: string,
  unit: InspectionUnit,
  range: [number, number],
  options: { amberAt?: number; redAt?: number; higherIsWorse?: boolean; photo?: boolean } = {},
): StandardTemplateItem {
  return {
    section,
    label,
    key,
    kind: 'MEASUREMENT',
    unit,
    minValue: range[0],
    maxValue: range[1],
    amberAt: options.amberAt ?? null,
    redAt: options.redAt ?? null,
    lowerIsWorse: !options.higherIsWorse,
    photoRequired: options.photo ?? false,
  };
}

const WHEELS = [
  { key: 'front-left', en: 'front left', fr: 'avant gauche', ar: 'الأمامي الأيسر' },
  { key: 'front-right', en: 'front right', fr: 'avant droit', ar: 'الأمامي الأيمن' },
  { key: 'rear-left', en: 'rear left', fr: 'arrière gauche', ar: 'الخلفي الأيسر' },
  { key: 'rear-right', en: 'rear right', fr: 'arrière droit', ar: 'الخلفي الأيمن' },
] as const;

/** Legal minimum 1.6 mm in most countries: red below 2, amber below 4. */
const treadDepths = (section: Text) =>
  WHEELS.map((wheel) =>
    measure(
      section,
      { en: `Tread depth, ${wheel.en}`, fr: `Profondeur de sculpture, ${wheel.fr}`, ar: `عمق نقشة الإطار ${wheel.ar}` },
      `tread.${wheel.key}`,
      'MM',
      [0, 20],
      { amberAt: 4, redAt: 2, photo: true },
    ),
  );

/** The right pressure is the car's (door pillar sticker): no threshold, the technician colours it. */
const tyrePressures = (section: Text) =>
  WHEELS.map((wheel) =>
    measure(
      section,
      { en: `Tyre pressure, ${wheel.en}`, fr: `Pression du pneu, ${wheel.fr}`, ar: `ضغط الإطار ${wheel.ar}` },
      `tyre-pressure.${wheel.key}`,
      'BAR',
      [0, 6],
    ),
  );

const AXLES = {
  front: { en: 'front', fr: 'avant', ar: 'الأمامية' },
  rear: { en: 'rear', fr: 'arrière', ar: 'الخلفية' },
} as const;

const brakePad = (section: Text, axle: keyof typeof AXLES) =>
  measure(
    section,
    {
      en: `Brake pad thickness, ${AXLES[axle].en}`,
      fr: `Épaisseur des plaquettes de frein ${AXLES[axle].fr}`,
      ar: `سماكة وسادات الفرامل ${AXLES[axle].ar}`,
    },
    `brake-pad.${axle}`,
    'MM',
    [0, 30],
    { amberAt: 4, redAt: 2, photo: true },
  );

/** A disc's minimum thickness is stamped on it and differs per car: the technician colours it. */
const brakeDisc = (section: Text, axle: keyof typeof AXLES) =>
  measure(
    section,
    {
      en: `Brake disc thickness, ${AXLES[axle].en}`,
      fr: `Épaisseur des disques de frein ${AXLES[axle].fr}`,
      ar: `سماكة أقراص الفرامل ${AXLES[axle].ar}`,
    },
    `brake-disc.${axle}`,
    'MM',
    [0, 60],
    { photo: true },
  );

/** Above 3 % water the boiling point has dropped enough to fade the brakes: replace the fluid. */
const brakeFluidWater = (section: Text) =>
  measure(
    section,
    { en: 'Brake fluid water content', fr: 'Teneur en eau du liquide de frein', ar: 'نسبة الماء في سائل الفرامل' },
    'brake-fluid.water',
    'PERCENT',
    [0, 10],
    { amberAt: 2, redAt: 3, higherIsWorse: true },
  );

/** A rested 12 V battery below 12.4 V is partly discharged, below 12.0 V flat or failing. */
const batteryVoltage = (section: Text) =>
  measure(
    section,
    { en: 'Battery resting voltage', fr: 'Tension de la batterie au repos', ar: 'جهد البطارية في وضع السكون' },
    'battery.voltage',
    'VOLT',
    [0, 16],
    { amberAt: 12.4, redAt: 12 },
  );

/** Compared with the rating printed on the battery, which differs per battery: the technician colours it. */
const batteryCca = (section: Text) =>
  measure(
    section,
    { en: 'Cold cranking amps (CCA)', fr: 'Courant de démarrage à froid (CCA)', ar: 'تيار التشغيل على البارد (CCA)' },
    'battery.cca',
    'AMP',
    [0, 2000],
  );

// Labels used by more than one template.
const L = {
  oil: { en: 'Engine oil level and condition', fr: "Niveau et état de l'huile moteur", ar: 'مستوى زيت المحرك وحالته' },
  coolant: {
    en: 'Coolant level and condition',
    fr: 'Niveau et état du liquide de refroidissement',
    ar: 'مستوى سائل التبريد وحالته',
  },
  brakeFluidLevel: { en: 'Brake fluid level', fr: 'Niveau du liquide de frein', ar: 'مستوى سائل الفرامل' },
  engineLeaks: {
    en: 'Oil or fluid leaks in the engine bay',
    fr: 'Fuites d’huile ou de liquide dans le compartiment moteur',
    ar: 'تسربات زيت أو سوائل في حجرة المحرك',
  },
  belts: { en: 'Auxiliary drive belt', fr: 'Courroie d’accessoires', ar: 'سير الملحقات' },
  tyreCondition: {
    en: 'Tyre condition (cuts, bulges, uneven wear)',
    fr: 'État des pneus (coupures, hernies, usure irrégulière)',
    ar: 'حالة الإطارات (جروح، انتفاخات، تآكل غير منتظم)',
  },
  brakeLines: { en: 'Brake lines and hoses', fr: 'Canalisations et flexibles de frein', ar: 'أنابيب وخراطيم الفرامل' },
  parkingBrake: { en: 'Parking brake', fr: 'Frein de stationnement', ar: 'فرامل الوقوف (فرامل اليد)' },
  lights: { en: 'Headlights and indicators', fr: 'Phares et clignotants', ar: 'المصابيح الأمامية وإشارات الانعطاف' },
  rearLights: { en: 'Brake lights and rear lights', fr: 'Feux stop et feux arrière', ar: 'مصابيح الفرامل والمصابيح الخلفية' },
  exhaust: { en: 'Exhaust system and mountings', fr: 'Ligne d’échappement et fixations', ar: 'نظام العادم وحوامله' },
  underLeaks: {
    en: 'Leaks under the car (engine, gearbox, axles)',
    fr: 'Fuites sous le véhicule (moteur, boîte de vitesses, ponts)',
    ar: 'تسربات أسفل السيارة (المحرك، علبة السرعات، المحاور)',
  },
  warningLights: { en: 'Dashboard warning lights', fr: 'Voyants du tableau de bord', ar: 'لمبات التحذير في لوحة العدادات' },
  seatBelts: { en: 'Seat belts', fr: 'Ceintures de sécurité', ar: 'أحزمة الأمان' },
  airCon: { en: 'Air conditioning and heating', fr: 'Climatisation et chauffage', ar: 'التكييف والتدفئة' },
} satisfies Record<string, Text>;

// ---------------------------------------------------------------------------------------------------------
// The templates.

const MULTI_POINT: StandardTemplate = {
  slug: 'multi-point',
  name: { en: 'Full multi-point inspection', fr: 'Inspection complète multipoints', ar: 'فحص شامل متعدد النقاط' },
  description: {
    en: 'Every system checked at a service: fluids, battery, tyres, brakes, suspension, lights, underbody and body.',
    fr: 'Tous les organes contrôlés à l’entretien : liquides, batterie, pneus, freins, suspension, éclairage, soubassement, carrosserie.',
    ar: 'فحص جميع أنظمة السيارة أثناء الصيانة: السوائل، البطارية، الإطارات، الفرامل، التعليق، الإضاءة، أسفل الهيكل والهيكل الخارجي.',
  },
  sortOrder: 10,
  items: [
    check(S.underHood, L.oil),
    check(S.underHood, L.coolant),
    check(S.underHood, L.brakeFluidLevel),
    brakeFluidWater(S.underHood),
    check(S.underHood, { en: 'Power steering fluid', fr: 'Liquide de direction assistée', ar: 'سائل التوجيه المعزز' }),
    check(S.underHood, { en: 'Windscreen washer fluid', fr: 'Liquide de lave-glace', ar: 'سائل غسيل الزجاج الأمامي' }),
    check(S.underHood, L.belts, { photo: true }),
    check(S.underHood, {
      en: 'Radiator and heater hoses',
      fr: 'Durites de radiateur et de chauffage',
      ar: 'خراطيم المبرد والتدفئة',
    }),
    check(S.underHood, { en: 'Engine air filter', fr: 'Filtre à air moteur', ar: 'فلتر هواء المحرك' }),
    check(S.underHood, L.engineLeaks, { photo: true }),

    batteryVoltage(S.battery),
    batteryCca(S.battery),
    check(S.battery, { en: 'Battery terminals and mounting', fr: 'Cosses et fixation de la batterie', ar: 'أقطاب البطارية وتثبيتها' }),

    ...treadDepths(S.tyres),
    ...tyrePressures(S.tyres),
    check(S.tyres, L.tyreCondition, { photo: true }),
    check(S.tyres, { en: 'Spare wheel and jack', fr: 'Roue de secours et cric', ar: 'الإطار الاحتياطي والرافعة' }),

    brakePad(S.brakes, 'front'),
    brakePad(S.brakes, 'rear'),
    brakeDisc(S.brakes, 'front'),
    brakeDisc(S.brakes, 'rear'),
    check(S.brakes, L.brakeLines),
    check(S.brakes, L.parkingBrake),

    check(S.steering, { en: 'Shock absorbers', fr: 'Amortisseurs', ar: 'ممتصات الصدمات' }),
    check(S.steering, {
      en: 'Ball joints and tie-rod ends',
      fr: 'Rotules de suspension et de direction',
      ar: 'المفاصل الكروية وأطراف قضبان التوجيه',
    }),
    check(S.steering, { en: 'CV joint boots', fr: 'Soufflets de cardan', ar: 'أغطية مفاصل الكردان' }),
    check(S.steering, { en: 'Steering play', fr: 'Jeu dans la direction', ar: 'الخلوص في المقود' }),

    check(S.lights, L.lights),
    check(S.lights, L.rearLights),
    check(S.lights, { en: 'Wiper blades', fr: 'Balais d’essuie-glace', ar: 'شفرات المساحات' }, { photo: true }),
    check(
      S.lights,
      { en: 'Windscreen (chips, cracks)', fr: 'Pare-brise (impacts, fissures)', ar: 'الزجاج الأمامي (نقر، تشققات)' },
      { photo: true },
    ),
    check(S.lights, { en: 'Horn', fr: 'Avertisseur sonore', ar: 'البوق (الزمّور)' }),

    check(S.underbody, L.exhaust),
    check(S.underbody, L.underLeaks, { photo: true }),

    check(S.interior, L.seatBelts),
    check(S.interior, L.warningLights),
    check(S.interior, L.airCon),
    check(
      S.interior,
      { en: 'Body damage (dents, scratches)', fr: 'Carrosserie (chocs, rayures)', ar: 'أضرار الهيكل (صدمات، خدوش)' },
      { photo: true },
    ),
  ],
};

const TYRES_AND_BRAKES: StandardTemplate = {
  slug: 'tyres-and-brakes',
  name: { en: 'Tyres and brakes', fr: 'Pneus et freins', ar: 'الإطارات والفرامل' },
  description: {
    en: 'A quick check at a tyre change or before a trip: tread on every wheel, pads, discs and brake fluid.',
    fr: 'Contrôle rapide au changement de pneus ou avant un départ : sculpture de chaque roue, plaquettes, disques, liquide de frein.',
    ar: 'فحص سريع عند تغيير الإطارات أو قبل السفر: عمق النقشة لكل عجلة، وسادات الفرامل، الأقراص وسائل الفرامل.',
  },
  sortOrder: 20,
  items: [
    ...treadDepths(S.tyres),
    check(S.tyres, L.tyreCondition, { photo: true }),
    brakePad(S.brakes, 'front'),
    brakePad(S.brakes, 'rear'),
    brakeDisc(S.brakes, 'front'),
    brakeDisc(S.brakes, 'rear'),
    brakeFluidWater(S.brakes),
    check(S.brakes, L.brakeLines),
    check(S.brakes, L.parkingBrake),
  ],
};

const PRE_PURCHASE: StandardTemplate = {
  slug: 'pre-purchase',
  name: { en: 'Pre-purchase inspection', fr: 'Inspection avant achat', ar: 'فحص ما قبل الشراء' },
  description: {
    en: 'For a customer about to buy a used car: papers and VIN, accident repairs, engine, a test drive and the underbody.',
    fr: 'Avant l’achat d’un véhicule d’occasion : papiers et numéro de série, traces d’accident, moteur, essai routier, soubassement.',
    ar: 'لزبون على وشك شراء سيارة مستعملة: الوثائق ورقم الهيكل، إصلاحات الحوادث، المحرك، تجربة القيادة وأسفل الهيكل.',
  },
  sortOrder: 30,
  items: [
    check(S.documents, {
      en: 'Registration document matches the seller',
      fr: 'Certificat d’immatriculation au nom du vendeur',
      ar: 'وثيقة تسجيل المركبة باسم البائع',
    }),
    check(S.documents, {
      en: 'VIN on the car matches the documents',
      fr: 'Numéro de série (VIN) du véhicule conforme aux documents',
      ar: 'رقم الهيكل (VIN) على السيارة مطابق للوثائق',
    }),
    check(S.documents, { en: 'Service history and invoices', fr: 'Historique d’entretien et factures', ar: 'سجل الصيانة والفواتير' }),
    check(S.documents, {
      en: 'Odometer consistent with the history',
      fr: 'Kilométrage cohérent avec l’historique',
      ar: 'قراءة العداد متوافقة مع السجل',
    }),

    check(S.bodyPaint, {
      en: 'Panel gaps and alignment',
      fr: 'Alignement et jeux des éléments de carrosserie',
      ar: 'تناسق الفواصل بين ألواح الهيكل',
    }),
    check(S.bodyPaint, { en: 'Signs of repainting', fr: 'Traces de peinture refaite', ar: 'آثار إعادة الطلاء' }, { photo: true }),
    check(
      S.bodyPaint,
      {
        en: 'Signs of accident repair (welds, chassis legs)',
        fr: 'Traces de réparation après accident (soudures, longerons)',
        ar: 'آثار إصلاح بعد حادث (لحامات، عوارض الشاسيه)',
      },
      { photo: true },
    ),
    check(
      S.bodyPaint,
      { en: 'Rust on sills and wheel arches', fr: 'Rouille des bas de caisse et passages de roue', ar: 'صدأ العتبات وأقواس العجلات' },
      { photo: true },
    ),
    check(S.bodyPaint, { en: 'Windscreen and glass', fr: 'Pare-brise et vitrages', ar: 'الزجاج الأمامي والنوافذ' }, { photo: true }),

    check(S.engine, { en: 'Cold start', fr: 'Démarrage à froid', ar: 'التشغيل على البارد' }),
    check(S.engine, {
      en: 'Exhaust smoke at start and when revving',
      fr: 'Fumée à l’échappement au démarrage et à l’accélération',
      ar: 'دخان العادم عند التشغيل والتسارع',
    }),
    check(S.engine, {
      en: 'Engine noises (knocking, timing chain rattle)',
      fr: 'Bruits moteur (cliquetis, chaîne de distribution)',
      ar: 'أصوات المحرك (طرق، خشخشة سلسلة التوقيت)',
    }),
    check(S.engine, {
      en: 'Oil level and condition (no coolant in the oil)',
      fr: 'Niveau et état de l’huile (pas de liquide de refroidissement dans l’huile)',
      ar: 'مستوى الزيت وحالته (دون أثر لسائل التبريد)',
    }),
    check(S.engine, L.engineLeaks, { photo: true }),
    batteryVoltage(S.engine),

    check(S.testDrive, {
      en: 'Gear changes (manual or automatic)',
      fr: 'Passage des vitesses (manuelle ou automatique)',
      ar: 'تبديل السرعات (يدوي أو أوتوماتيكي)',
    }),
    check(S.testDrive, {
      en: 'Clutch (bite point, slipping)',
      fr: 'Embrayage (point de patinage, glissement)',
      ar: 'القابض (نقطة التعشيق، الانزلاق)',
    }),
    check(S.testDrive, {
      en: 'Braking in a straight line',
      fr: 'Freinage en ligne droite',
      ar: 'الكبح في خط مستقيم',
    }),
    check(S.testDrive, { en: 'Steering and straight-line stability', fr: 'Direction et tenue de cap', ar: 'التوجيه وثبات المسار' }),
    check(S.testDrive, {
      en: 'Suspension noises over bumps',
      fr: 'Bruits de suspension sur les irrégularités',
      ar: 'أصوات التعليق على المطبات',
    }),
    check(S.testDrive, L.warningLights),

    ...treadDepths(S.tyres),
    brakePad(S.brakes, 'front'),

    check(
      S.underbody,
      { en: 'Underbody rust and damage', fr: 'Rouille et dommages du soubassement', ar: 'الصدأ والأضرار أسفل الهيكل' },
      { photo: true },
    ),
    check(S.underbody, L.underLeaks, { photo: true }),

    check(S.electrics, L.lights),
    check(S.electrics, {
      en: 'Power windows, locks and mirrors',
      fr: 'Lève-vitres, verrouillage et rétroviseurs électriques',
      ar: 'النوافذ والأقفال والمرايا الكهربائية',
    }),
    check(S.electrics, L.airCon),
    check(S.electrics, { en: 'Airbags and seat belts', fr: 'Airbags et ceintures de sécurité', ar: 'الوسائد الهوائية وأحزمة الأمان' }),
    check(S.electrics, {
      en: 'Interior wear consistent with the mileage',
      fr: 'Usure de l’habitacle cohérente avec le kilométrage',
      ar: 'تآكل المقصورة متوافق مع المسافة المقطوعة',
    }),
  ],
};

export const STANDARD_INSPECTION_TEMPLATES: readonly StandardTemplate[] = [MULTI_POINT, TYRES_AND_BRAKES, PRE_PURCHASE];

const templateIdOf = (slug: StandardTemplate['slug']) => seedId(`inspection-template:${slug}`);
/** Items are identified by their place in this file's list (a template is created whole, never patched). */
const itemIdOf = (slug: StandardTemplate['slug'], index: number) => seedId(`inspection-template:${slug}:item:${index}`);
const orNull = (value: number | null) => (value === null ? null : toMilli(value));

async function createMissing(tx: Prisma.TransactionClient): Promise<number> {
  let created = 0;
  for (const template of STANDARD_INSPECTION_TEMPLATES) {
    const id = templateIdOf(template.slug);
    // skipDuplicates: a template already there (as the shop left it, even archived) is never touched.
    const { count } = await tx.inspectionTemplate.createMany({
      data: [{ id, name: template.name, description: template.description, sortOrder: template.sortOrder }],
      skipDuplicates: true,
    });
    if (count === 0) continue;
    created += 1;
    await tx.inspectionTemplateItem.createMany({
      data: template.items.map((item, index) => ({
        id: itemIdOf(template.slug, index),
        templateId: id,
        position: index,
        section: item.section,
        label: item.label,
        key: item.key,
        kind: item.kind,
        unit: item.unit,
        minMilli: orNull(item.minValue),
        maxMilli: orNull(item.maxValue),
        amberAtMilli: orNull(item.amberAt),
        redAtMilli: orNull(item.redAt),
        lowerIsWorse: item.lowerIsWorse,
        photoRequired: item.photoRequired,
      })),
    });
  }
  return created;
}

/**
 * Creates the standard templates that do not exist yet (with their items); idempotent. Inside a transaction
 * it joins it; given the client, it opens its own so a template never exists without its items.
 */
export async function ensureStandardInspectionTemplates(db: Client): Promise<{ created: number }> {
  const created = '$transaction' in db ? await db.$transaction((tx) => createMissing(tx)) : await createMissing(db);
  return { created };
}
