import { describe, expect, it } from 'vitest';
import {
  IMPORT_FIELDS,
  TEMPLATE_HEADERS,
  autoMapHeaders,
  parseDecimal,
  parseImportDate,
  splitPhone,
  suggestDateOrder,
  validateImportRow,
} from './schemas/data-transfer.ts';

const options = { defaultCountryCode: '+1', distanceUnit: 'km' as const };

describe('autoMapHeaders', () => {
  it('maps the template completely and recognises it', () => {
    const { mapping, preset } = autoMapHeaders(IMPORT_FIELDS.map((field) => TEMPLATE_HEADERS[field]));
    expect(preset).toBe('template');
    expect(Object.keys(mapping).sort()).toEqual([...IMPORT_FIELDS].sort());
  });

  it('maps a LubeLogger record export (Date, Odometer, Description, Notes, Cost, Tags)', () => {
    const { mapping, preset } = autoMapHeaders(['Date', 'Odometer', 'Description', 'Notes', 'Cost', 'Tags']);
    expect(preset).toBe('lubelogger');
    expect(mapping).toEqual({ visitDate: 'Date', odometer: 'Odometer', visitName: 'Description', visitNotes: 'Notes', visitTotal: 'Cost' });
  });

  it('maps a Shopmonkey customer/vehicle export, whatever the case and spacing', () => {
    const { mapping, preset } = autoMapHeaders([
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Year',
      'Make',
      'Model',
      'Submodel',
      'Engine',
      'Color',
      'License Plate',
      'License Plate State',
      'VIN',
      'Mileage',
    ]);
    expect(preset).toBe('shopmonkey');
    expect(mapping).toEqual({
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      phoneNumber: 'Phone',
      year: 'Year',
      brand: 'Make',
      model: 'Model',
      engineType: 'Engine',
      color: 'Color',
      plateNumber: 'License Plate',
      odometer: 'Mileage',
    });
  });

  it('gives a column to one field only and leaves unknown columns alone', () => {
    const { mapping, preset } = autoMapHeaders(['Prénom', 'NOM', 'Téléphone', 'Kilométrage', 'Whatever']);
    expect(preset).toBe('custom');
    expect(mapping).toEqual({ firstName: 'Prénom', lastName: 'NOM', phoneNumber: 'Téléphone', odometer: 'Kilométrage' });
  });
});

describe('cell parsing', () => {
  it('reads decimals written the English or the French way', () => {
    expect(parseDecimal('1,234.50')).toBe(1234.5);
    expect(parseDecimal('1.234,50')).toBe(1234.5);
    expect(parseDecimal('85,5')).toBe(85.5);
    expect(parseDecimal('$ 85')).toBe(85);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('abc')).toBeNaN();
  });

  it('reads ISO dates, day-first dates and Excel serial days', () => {
    expect(parseImportDate('2026-03-14')).toBe('2026-03-14');
    expect(parseImportDate('2026-03-14T10:00:00Z')).toBe('2026-03-14');
    expect(parseImportDate('14/03/2026')).toBe('2026-03-14');
    expect(parseImportDate('46095')).toBe('2026-03-14');
    expect(parseImportDate('2026-02-30')).toBeUndefined();
    expect(parseImportDate('soon')).toBeUndefined();
    expect(parseImportDate(' ')).toBeNull();
  });

  it('reads slashed dates month first when told (US software), dotted dates always day first', () => {
    expect(parseImportDate('03/04/2026')).toBe('2026-04-03');
    expect(parseImportDate('03/04/2026', 'monthFirst')).toBe('2026-03-04');
    expect(parseImportDate('3/14/2026', 'monthFirst')).toBe('2026-03-14');
    expect(parseImportDate('3/14/2026', 'dayFirst')).toBeUndefined();
    expect(parseImportDate('14.03.2026', 'monthFirst')).toBe('2026-03-14');
    expect(parseImportDate('2026-03-14', 'monthFirst')).toBe('2026-03-14');
  });

  it('guesses the date order from the first date that reads one way only, else from the exporting software', () => {
    expect(suggestDateOrder(['1/10/2025', '1/25/2025'], 'custom')).toBe('monthFirst');
    expect(suggestDateOrder(['1/10/2025', '25/1/2025'], 'lubelogger')).toBe('dayFirst');
    expect(suggestDateOrder(['10.01.2025'], 'lubelogger')).toBe('dayFirst');
    expect(suggestDateOrder(['1/10/2025', '2025-01-30'], 'lubelogger')).toBe('monthFirst');
    expect(suggestDateOrder([], 'shopmonkey')).toBe('monthFirst');
    expect(suggestDateOrder(['01/02/2025'], 'custom')).toBe('dayFirst');
  });

  it('splits international phone numbers when no country code column is mapped', () => {
    expect(splitPhone('+33 6 12 34 56 78', undefined, '+1')).toEqual({ countryCode: '+33', phoneNumber: '612345678' });
    expect(splitPhone('00212 612-345-678', undefined, '+1')).toEqual({ countryCode: '+212', phoneNumber: '612345678' });
    expect(splitPhone('+1 (415) 555-0100', undefined, '+1')).toEqual({ countryCode: '+1', phoneNumber: '4155550100' });
    expect(splitPhone('612345678', undefined, '+212')).toEqual({ countryCode: '+212', phoneNumber: '612345678' });
    expect(splitPhone('612345678', '+961', '+1')).toEqual({ countryCode: '+961', phoneNumber: '612345678' });
  });
});

describe('validateImportRow', () => {
  it('builds a customer, a vehicle with defaults, a paid past visit and an oil change', () => {
    const { record, problems } = validateImportRow(
      {
        fullName: 'Jean Paul Martin',
        email: 'JP@Example.com',
        phoneNumber: '+33 612345678',
        plateNumber: 'ab 123 cd',
        brand: 'Peugeot',
        model: '308',
        year: '2019',
        odometer: '52,000',
        visitDate: '2026-01-05',
        visitTotal: '120.40',
        oilName: 'Elf',
        oilKm: '52000',
      },
      options,
    );
    expect(problems).toEqual([]);
    expect(record.customer).toEqual({
      firstName: 'Jean Paul',
      lastName: 'Martin',
      email: 'jp@example.com',
      countryCode: '+33',
      phoneNumber: '612345678',
      preferredLanguage: 'en',
    });
    expect(record.vehicle).toMatchObject({
      plateNumber: 'ab 123 cd',
      plateKey: 'AB123CD',
      color: 'Unknown',
      engineType: 'Unknown',
      type: 'CAR',
      year: 2019,
      odometerKm: 52000,
      reference: false,
    });
    expect(record.visit).toEqual({ name: 'Imported visit', visitDate: '2026-01-05', totalCents: 12040, paidCents: 12040, notes: null });
    expect(record.oilChange).toMatchObject({ oilName: 'Elf', oilType: 'Unknown', currentKm: 52000, nextChangeKm: 62000 });
  });

  it('reports the same messages as the forms, per field', () => {
    const { problems } = validateImportRow(
      {
        firstName: 'A',
        email: 'not-an-email',
        phoneNumber: '12ab',
        plateNumber: 'AB#12',
        brand: 'X',
        model: 'Y',
        year: '1800',
        vehicleType: 'plane',
      },
      options,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: 'lastName', message: 'required|fieldName=lastName' },
        { field: 'email', message: 'email|fieldName=email' },
        { field: 'phoneNumber', message: 'number|fieldName=phoneNumber' },
        { field: 'plateNumber', message: 'lettersAndNumbers|fieldName=plateNumber' },
        { field: 'year', message: 'minValue|fieldName=year&minValue=1900' },
        { field: 'vehicleType', message: 'format|fieldName=type' },
      ]),
    );
  });

  it('reads plates written with dashes or dots as the form writes them (spaces)', () => {
    const { record, problems } = validateImportRow(
      {
        firstName: 'Ana',
        lastName: 'Lopez',
        phoneNumber: '+34 612345678',
        plateNumber: ' ab-123-cd ',
        brand: 'Seat',
        model: 'Ibiza',
        year: '2020',
      },
      options,
    );
    expect(problems).toEqual([]);
    expect(record.vehicle).toMatchObject({ plateNumber: 'ab 123 cd', plateKey: 'AB123CD' });
    expect(validateImportRow({ plateNumber: 'M.AB/1234' }, options).record.vehicle).toMatchObject({
      plateNumber: 'M AB 1234',
      reference: true,
    });
  });

  it('treats a row with only a plate as a reference to a known vehicle, and converts miles', () => {
    const { record, problems } = validateImportRow(
      { plateNumber: 'XY 99', odometer: '1000', visitDate: '2025-12-01', visitName: 'Tyres' },
      { ...options, distanceUnit: 'mi' },
    );
    expect(problems).toEqual([]);
    expect(record.vehicle).toMatchObject({ reference: true, plateKey: 'XY99', odometerKm: 1609 });
    expect(record.customer).toBeNull();
  });

  it('needs a plate for a visit and a customer for a new vehicle', () => {
    expect(validateImportRow({ visitDate: '2025-12-01', visitTotal: '10' }, options).problems).toContainEqual({
      field: 'plateNumber',
      message: 'import.vehicleNeeded',
    });
    expect(validateImportRow({ plateNumber: 'NEW1', brand: 'Kia', model: 'Rio', year: '2020' }, options).problems).toContainEqual({
      field: 'firstName',
      message: 'import.customerNeeded',
    });
  });
});
