// A job sheet's words in en, fr and ar. It is printed on the server in the language asked for, so the strings
// live here (as the invoice's and the purchase order's), not in the web app's locale files. Placeholders in
// braces are filled by job-sheet-pdf.ts.
import type { PdfLanguage } from '../../../lib/pdf/format.ts';

export interface JobSheetLabels {
  title: string;
  subtitle: string;
  customer: string;
  vehicle: string;
  visit: string;
  plate: string;
  vin: string;
  odometerIn: string;
  odometerOut: string;
  visitDate: string;
  dueDate: string;
  specCard: string;
  noSpecCard: string;
  spec: {
    oil: string;
    oilGrade: string;
    oilCapacity: string;
    oilFilter: string;
    filters: string;
    airFilter: string;
    cabinFilter: string;
    fuelFilter: string;
    tyres: string;
    tyreSizeFront: string;
    tyreSizeRear: string;
    tyrePressureFront: string;
    tyrePressureRear: string;
    other: string;
    wipers: string;
    battery: string;
    sparkPlugs: string;
    notes: string;
  };
  /** "Driver 600 mm · Passenger 400 mm · Rear 300 mm". */
  wiperParts: { driver: string; passenger: string; rear: string };
  tasks: string;
  noTasks: string;
  kind: string;
  kinds: { PART: string; LABOUR: string; FLAT: string };
  description: string;
  partNumber: string;
  quantity: string;
  done: string;
  hours: string;
  noLines: string;
  services: Record<string, string>;
  technicianNotes: string;
  customerNotes: string;
  technicianSignature: string;
  customerSignature: string;
  signatureHint: string;
}

export const JOB_SHEET_LABELS: Record<PdfLanguage, JobSheetLabels> = {
  en: {
    title: 'Job sheet',
    subtitle: '{visit} · {date}',
    customer: 'Customer',
    vehicle: 'Vehicle',
    visit: 'Visit',
    plate: 'Plate',
    vin: 'VIN',
    odometerIn: 'Odometer in',
    odometerOut: 'Odometer out',
    visitDate: 'Date',
    dueDate: 'Due',
    specCard: 'Spec card',
    noSpecCard: 'No spec card for this vehicle yet.',
    spec: {
      oil: 'Engine oil',
      oilGrade: 'Grade',
      oilCapacity: 'Capacity',
      oilFilter: 'Oil filter',
      filters: 'Filters',
      airFilter: 'Air',
      cabinFilter: 'Cabin',
      fuelFilter: 'Fuel',
      tyres: 'Tyres',
      tyreSizeFront: 'Front',
      tyreSizeRear: 'Rear',
      tyrePressureFront: 'Pressure front',
      tyrePressureRear: 'Pressure rear',
      other: 'Other',
      wipers: 'Wipers',
      battery: 'Battery',
      sparkPlugs: 'Spark plugs',
      notes: 'Notes',
    },
    wiperParts: { driver: 'driver', passenger: 'passenger', rear: 'rear' },
    tasks: 'Work to do',
    noTasks: 'No work recorded on this visit.',
    kind: 'Type',
    kinds: { PART: 'Part', LABOUR: 'Labour', FLAT: 'Item' },
    description: 'Description',
    partNumber: 'Part number',
    quantity: 'Qty',
    done: 'Done',
    hours: 'h',
    noLines: 'No parts or labour listed.',
    services: { REPAIR: 'Repair', MAINTENANCE: 'Maintenance', INSPECTION: 'Inspection' },
    technicianNotes: 'Technician notes',
    customerNotes: 'Visit notes',
    technicianSignature: 'Technician',
    customerSignature: 'Customer',
    signatureHint: 'Name, date and signature',
  },
  fr: {
    title: 'Fiche de travail',
    subtitle: '{visit} · {date}',
    customer: 'Client',
    vehicle: 'Véhicule',
    visit: 'Visite',
    plate: 'Immatriculation',
    vin: 'VIN',
    odometerIn: 'Compteur à l’entrée',
    odometerOut: 'Compteur à la sortie',
    visitDate: 'Date',
    dueDate: 'Prévu le',
    specCard: 'Fiche technique',
    noSpecCard: 'Pas encore de fiche technique pour ce véhicule.',
    spec: {
      oil: 'Huile moteur',
      oilGrade: 'Grade',
      oilCapacity: 'Capacité',
      oilFilter: 'Filtre à huile',
      filters: 'Filtres',
      airFilter: 'Air',
      cabinFilter: 'Habitacle',
      fuelFilter: 'Carburant',
      tyres: 'Pneus',
      tyreSizeFront: 'Avant',
      tyreSizeRear: 'Arrière',
      tyrePressureFront: 'Pression avant',
      tyrePressureRear: 'Pression arrière',
      other: 'Autres',
      wipers: 'Essuie-glaces',
      battery: 'Batterie',
      sparkPlugs: 'Bougies',
      notes: 'Notes',
    },
    wiperParts: { driver: 'conducteur', passenger: 'passager', rear: 'arrière' },
    tasks: 'Travaux à réaliser',
    noTasks: 'Aucun travail enregistré sur cette visite.',
    kind: 'Type',
    kinds: { PART: 'Pièce', LABOUR: 'Main-d’œuvre', FLAT: 'Forfait' },
    description: 'Désignation',
    partNumber: 'Référence',
    quantity: 'Qté',
    done: 'Fait',
    hours: 'h',
    noLines: 'Aucune pièce ni main-d’œuvre.',
    services: { REPAIR: 'Réparation', MAINTENANCE: 'Entretien', INSPECTION: 'Contrôle' },
    technicianNotes: 'Notes du technicien',
    customerNotes: 'Notes de la visite',
    technicianSignature: 'Technicien',
    customerSignature: 'Client',
    signatureHint: 'Nom, date et signature',
  },
  ar: {
    title: 'ورقة العمل',
    subtitle: '{visit} · {date}',
    customer: 'العميل',
    vehicle: 'المركبة',
    visit: 'الزيارة',
    plate: 'اللوحة',
    vin: 'رقم الهيكل',
    odometerIn: 'العداد عند الدخول',
    odometerOut: 'العداد عند الخروج',
    visitDate: 'التاريخ',
    dueDate: 'موعد التسليم',
    specCard: 'البطاقة الفنية',
    noSpecCard: 'لا توجد بطاقة فنية لهذه المركبة بعد.',
    spec: {
      oil: 'زيت المحرك',
      oilGrade: 'الدرجة',
      oilCapacity: 'السعة',
      oilFilter: 'فلتر الزيت',
      filters: 'الفلاتر',
      airFilter: 'الهواء',
      cabinFilter: 'المقصورة',
      fuelFilter: 'الوقود',
      tyres: 'الإطارات',
      tyreSizeFront: 'أمامي',
      tyreSizeRear: 'خلفي',
      tyrePressureFront: 'الضغط الأمامي',
      tyrePressureRear: 'الضغط الخلفي',
      other: 'أخرى',
      wipers: 'المساحات',
      battery: 'البطارية',
      sparkPlugs: 'شمعات الإشعال',
      notes: 'ملاحظات',
    },
    wiperParts: { driver: 'السائق', passenger: 'الراكب', rear: 'الخلفية' },
    tasks: 'الأعمال المطلوبة',
    noTasks: 'لا توجد أعمال مسجلة في هذه الزيارة.',
    kind: 'النوع',
    kinds: { PART: 'قطعة', LABOUR: 'يد عاملة', FLAT: 'بند' },
    description: 'الوصف',
    partNumber: 'رقم القطعة',
    quantity: 'الكمية',
    done: 'تم',
    hours: 'س',
    noLines: 'لا قطع ولا يد عاملة.',
    services: { REPAIR: 'إصلاح', MAINTENANCE: 'صيانة', INSPECTION: 'فحص' },
    technicianNotes: 'ملاحظات الفني',
    customerNotes: 'ملاحظات الزيارة',
    technicianSignature: 'الفني',
    customerSignature: 'العميل',
    signatureHint: 'الاسم والتاريخ والتوقيع',
  },
};

export const fillLabel = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
