// Word lists for the benchmark dataset: a mix of the shop's three languages' usual names and common makes.
export const FIRST_NAMES = [
  'Adam', 'Amina', 'Ahmed', 'Alice', 'Ali', 'Anna', 'Benoit', 'Camille', 'Chloe', 'Daniel', 'David', 'Elena',
  'Emma', 'Fatima', 'Farid', 'Gabriel', 'Hana', 'Hassan', 'Ines', 'Isabelle', 'Jad', 'James', 'Julie', 'Karim',
  'Laila', 'Leo', 'Lina', 'Louis', 'Lucas', 'Maya', 'Mehdi', 'Mohamed', 'Nadia', 'Noah', 'Nour', 'Olivia',
  'Omar', 'Paul', 'Rania', 'Rayan', 'Salma', 'Samir', 'Sara', 'Sophie', 'Thomas', 'Yasmine', 'Youssef', 'Zoe',
] as const;

export const LAST_NAMES = [
  'Alaoui', 'Bakri', 'Benali', 'Bernard', 'Bouzid', 'Brooks', 'Carter', 'Chahine', 'Dubois', 'Durand', 'El Amrani',
  'Farouk', 'Fontaine', 'Garcia', 'Girard', 'Haddad', 'Hamdi', 'Idrissi', 'Jaber', 'Khalil', 'Lambert', 'Laurent',
  'Lefevre', 'Mansour', 'Martin', 'Mercier', 'Moreau', 'Nasser', 'Petit', 'Rahman', 'Richard', 'Robert', 'Roux',
  'Saidi', 'Salem', 'Simon', 'Taha', 'Thomas', 'Wilson', 'Yassine', 'Zein', 'Ziani',
] as const;

export const BRAND_MODELS = {
  Toyota: ['Corolla', 'Yaris', 'Hilux', 'RAV4', 'Land Cruiser'],
  Renault: ['Clio', 'Megane', 'Kangoo', 'Captur', 'Master'],
  Peugeot: ['208', '308', '3008', 'Partner', 'Boxer'],
  Ford: ['Focus', 'Fiesta', 'Transit', 'Ranger', 'Kuga'],
  Volkswagen: ['Golf', 'Polo', 'Passat', 'Tiguan', 'Crafter'],
  Hyundai: ['Tucson', 'i10', 'i20', 'Accent', 'Santa Fe'],
  Dacia: ['Logan', 'Sandero', 'Duster', 'Dokker'],
  Mercedes: ['Sprinter', 'C-Class', 'E-Class', 'Vito', 'Actros'],
  Kia: ['Picanto', 'Rio', 'Sportage', 'Ceed'],
  Nissan: ['Micra', 'Qashqai', 'Navara', 'X-Trail'],
  Honda: ['Civic', 'CR-V', 'Jazz', 'CB500'],
  Yamaha: ['MT-07', 'Tracer 9', 'XMAX'],
  Iveco: ['Daily', 'Eurocargo'],
} as const satisfies Record<string, readonly string[]>;

export const COLORS = ['White', 'Black', 'Silver', 'Grey', 'Blue', 'Red', 'Green', 'Beige', 'Brown', 'Orange'] as const;
export const ENGINE_TYPES = ['Petrol', 'Diesel', 'Hybrid', 'Electric', 'LPG'] as const;
