// Demo branding for "Atlas Auto Care": every field of the branding catalogue, in common/en/fr/ar.
import type { BrandingType, Language } from '@garage/shared';

type Fields = Record<string, string>;

export const demoMerchant = { name: 'atlas-auto-care', displayName: 'Atlas Auto Care', currency: 'USD' };

export const commonBranding: Partial<Record<BrandingType, Fields>> = {
  MERCHANT_THEME_COLORS: {
    themeColors: JSON.stringify({
      colorBrand: { 0: '#eef4ff', 200: '#a9c4ff', 400: '#4f7cf7', 600: '#1d4ed8', 800: '#13297a' },
      font: {
        fontFamily: 'Inter Variable',
        fontWeightRegular: 400,
        fontWeightMedium: 500,
        fontWeightSemiBold: 600,
        fontWeightBold: 700,
      },
    }),
  },
  THEME_PALETTE: { lightest: '#f8fafc', light: '#e2e8f0', medium: '#64748b', dark: '#1e293b', darkest: '#0b1120' },
  ASSETS: {
    favicon: '/brand/favicon.svg',
    headerLogo: '/brand/logo.svg',
    heroImage1: '/brand/hero-1.svg',
    heroImage2: '/brand/hero-2.svg',
    heroImage3: '/brand/hero-3.svg',
    aboutImage: '/brand/about.svg',
  },
  SOCIAL_LINKS: {
    whatsapp: 'https://wa.me/15550100200',
    facebook: 'https://facebook.com/atlasautocare',
    instagram: 'https://instagram.com/atlasautocare',
  },
};

export const languageBranding: Record<Language, Partial<Record<BrandingType, Fields>>> = {
  en: {
    HERO: {
      heroTitle: 'Premium auto repair for all makes and models',
      heroSubtitle: 'Honest diagnostics. Fair prices. Done right the first time.',
      heroDescription:
        'From oil changes to engine rebuilds, our certified technicians keep your vehicle safe and on the road. Book a visit and follow every step of the repair online.',
    },
    SECTION_TITLES: {
      aboutTitle: 'About us',
      servicesTitle: 'Our services',
      locationTitle: 'Find us',
      faqTitle: 'Frequently asked questions',
      galleryTitle: 'Our workshop',
      contactFormTitle: 'Send us a message',
      coreValuesTitle: 'What we stand for',
    },
    ABOUT: {
      aboutText:
        'Atlas Auto Care is a family-run workshop with a modern diagnostics bay and a team of certified mechanics. We explain every repair before we start and never charge for work you did not approve.',
      yearsOfExperience: '18',
      happyCustomers: '4200',
    },
    WORKING_HOURS: {
      workingHours: 'Monday to Friday 08:00-18:00\nSaturday 09:00-14:00\nSunday closed',
      emergencyService: 'true',
    },
    CONTACT: {
      contactTitle: 'Contact us',
      contactPhone: '+1 555 010 0200',
      contactEmail: 'hello@atlas-auto.example',
      contactAddress: '42 Industrial Avenue, Springfield',
    },
    CORE_VALUES: { coreValues: JSON.stringify(['Transparency', 'Quality parts', 'On-time delivery', 'Warranty on every repair']) },
    FAQ: {
      faqs: JSON.stringify([
        { question: 'Do I need an appointment?', answer: 'Walk-ins are welcome, but booking guarantees a same-day slot.' },
        { question: 'Can I follow my repair online?', answer: 'Yes. Sign in to see your vehicles, visits, tasks and oil changes.' },
        { question: 'Do you offer a warranty?', answer: 'Every repair carries a 12-month or 20,000 km warranty on parts and labour.' },
        { question: 'Which payment methods do you accept?', answer: 'Cash, credit card and bank transfer.' },
      ]),
    },
  },
  fr: {
    HERO: {
      heroTitle: 'Réparation automobile haut de gamme, toutes marques',
      heroSubtitle: 'Diagnostic honnête. Prix justes. Bien fait du premier coup.',
      heroDescription:
        'De la vidange à la réfection moteur, nos techniciens certifiés gardent votre véhicule sûr et sur la route. Réservez une visite et suivez chaque étape de la réparation en ligne.',
    },
    SECTION_TITLES: {
      aboutTitle: 'À propos',
      servicesTitle: 'Nos services',
      locationTitle: 'Nous trouver',
      faqTitle: 'Questions fréquentes',
      galleryTitle: 'Notre atelier',
      contactFormTitle: 'Envoyez-nous un message',
      coreValuesTitle: 'Nos valeurs',
    },
    ABOUT: {
      aboutText:
        "Atlas Auto Care est un atelier familial doté d'une baie de diagnostic moderne et d'une équipe de mécaniciens certifiés. Nous expliquons chaque réparation avant de commencer et ne facturons jamais un travail non approuvé.",
      yearsOfExperience: '18',
      happyCustomers: '4200',
    },
    WORKING_HOURS: {
      workingHours: 'Du lundi au vendredi 08:00-18:00\nSamedi 09:00-14:00\nDimanche fermé',
      emergencyService: 'true',
    },
    CONTACT: {
      contactTitle: 'Contactez-nous',
      contactPhone: '+1 555 010 0200',
      contactEmail: 'hello@atlas-auto.example',
      contactAddress: '42 avenue Industrielle, Springfield',
    },
    CORE_VALUES: {
      coreValues: JSON.stringify(['Transparence', 'Pièces de qualité', 'Délais respectés', 'Garantie sur chaque réparation']),
    },
    FAQ: {
      faqs: JSON.stringify([
        { question: 'Faut-il prendre rendez-vous ?', answer: 'Sans rendez-vous bienvenu, mais réserver garantit un créneau le jour même.' },
        {
          question: 'Puis-je suivre ma réparation en ligne ?',
          answer: 'Oui. Connectez-vous pour voir vos véhicules, visites, tâches et vidanges.',
        },
        { question: 'Offrez-vous une garantie ?', answer: 'Chaque réparation est garantie 12 mois ou 20 000 km, pièces et main-d’œuvre.' },
        { question: 'Quels moyens de paiement acceptez-vous ?', answer: 'Espèces, carte bancaire et virement.' },
      ]),
    },
  },
  ar: {
    HERO: {
      heroTitle: 'إصلاح سيارات متميز لجميع الماركات والطرازات',
      heroSubtitle: 'تشخيص صادق. أسعار عادلة. عمل متقن من المرة الأولى.',
      heroDescription:
        'من تغيير الزيت إلى إعادة بناء المحرك، يحافظ فنيونا المعتمدون على سلامة سيارتك. احجز زيارة وتابع كل خطوة من الإصلاح عبر الإنترنت.',
    },
    SECTION_TITLES: {
      aboutTitle: 'من نحن',
      servicesTitle: 'خدماتنا',
      locationTitle: 'موقعنا',
      faqTitle: 'الأسئلة الشائعة',
      galleryTitle: 'ورشتنا',
      contactFormTitle: 'أرسل لنا رسالة',
      coreValuesTitle: 'قيمنا',
    },
    ABOUT: {
      aboutText:
        'أطلس أوتو كير ورشة عائلية مجهزة بمنطقة تشخيص حديثة وفريق من الميكانيكيين المعتمدين. نشرح كل إصلاح قبل البدء ولا نحاسب أبداً على عمل لم توافق عليه.',
      yearsOfExperience: '18',
      happyCustomers: '4200',
    },
    WORKING_HOURS: {
      workingHours: 'من الاثنين إلى الجمعة 08:00-18:00\nالسبت 09:00-14:00\nالأحد مغلق',
      emergencyService: 'true',
    },
    CONTACT: {
      contactTitle: 'اتصل بنا',
      contactPhone: '+1 555 010 0200',
      contactEmail: 'hello@atlas-auto.example',
      contactAddress: '42 شارع الصناعة، سبرينغفيلد',
    },
    CORE_VALUES: { coreValues: JSON.stringify(['الشفافية', 'قطع غيار عالية الجودة', 'الالتزام بالمواعيد', 'ضمان على كل إصلاح']) },
    FAQ: {
      faqs: JSON.stringify([
        { question: 'هل أحتاج إلى موعد؟', answer: 'نرحب بك دون موعد، لكن الحجز يضمن لك موعداً في نفس اليوم.' },
        { question: 'هل يمكنني متابعة الإصلاح عبر الإنترنت؟', answer: 'نعم. سجّل الدخول لرؤية سياراتك وزياراتك ومهامك وتغييرات الزيت.' },
        { question: 'هل تقدمون ضماناً؟', answer: 'كل إصلاح مضمون لمدة 12 شهراً أو 20,000 كم على القطع واليد العاملة.' },
        { question: 'ما طرق الدفع المقبولة؟', answer: 'نقداً أو ببطاقة الائتمان أو بالتحويل البنكي.' },
      ]),
    },
  },
};
