import { describe, expect, it } from 'vitest';
import {
  IMPORT_FIELDS,
  TEMPLATE_HEADERS,
  autoMapHeaders,
  parseDecimal,
  parseDistanceUnit,
  parseImportDate,
  presetDistanceUnit,
  splitPhone,
  suggestDateOrder,
  suggestNumberLocale,
  validateImportRow,
} from './schemas/data-transfer.ts';
import { decimalMarkOf, parseAmountToMinor, plainDecimal } from './money.ts';
import { normalizePlate } from './schemas/vehicles.ts';

const options = { defaultCountryCode: '+1', distanceUnit: 'KM' as const };

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
      trim: 'Submodel',
      engineType: 'Engine',
      color: 'Color',
      plateNumber: 'License Plate',
      plateRegion: 'License Plate State',
      vin: 'VIN',
      odometer: 'Mileage',
    });
  });

  it('maps company, unit and first registration columns', () => {
    const { mapping } = autoMapHeaders(['Company', 'Odometer unit', 'Mise en circulation', 'Version']);
    expect(mapping).toEqual({
      company: 'Company',
      odometerUnit: 'Odometer unit',
      firstRegistrationDate: 'Mise en circulation',
      trim: 'Version',
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

  it('reads the date order from the first date that reads one way only, then the numbers, then the software', () => {
    const order = (...args: Parameters<typeof suggestDateOrder>) => suggestDateOrder(...args).value;
    expect(order(['1/10/2025', '1/25/2025'], 'custom')).toBe('monthFirst');
    expect(order(['1/10/2025', '25/1/2025'], 'lubelogger')).toBe('dayFirst');
    expect(order(['10.01.2025'], 'lubelogger')).toBe('dayFirst');
    // Nothing reads two ways: nothing to ask.
    expect(suggestDateOrder([], 'shopmonkey')).toEqual({ value: 'dayFirst', examples: [] });
    expect(order(['2025-01-30', '05/05/2025'], 'custom')).toBe('dayFirst');
    // Every day 12 or less: the French amounts decide, or a US LubeLogger's dollars; else the user is asked.
    expect(order(['03/04/2025', '11/02/2025'], 'lubelogger', { locale: 'decimalComma' })).toBe('dayFirst');
    expect(order(['03/04/2025'], 'lubelogger', { locale: 'decimalPoint', amounts: ['$79.99'] })).toBe('monthFirst');
    expect(suggestDateOrder(['03/04/2025', '03/04/2025', '11/02/2025', '01/02/2025'], 'lubelogger')).toEqual({
      value: null,
      examples: ['03/04/2025', '11/02/2025'],
    });
    expect(order(['01/02/2025'], 'custom', { locale: 'decimalPoint', amounts: ['£10.50'] })).toBeNull();
  });

  it('reads numbers with every kind of grouping, the locale deciding only what the writing leaves open', () => {
    expect(decimalMarkOf('1 234,50 €')).toBe(',');
    expect(decimalMarkOf('$1,234.50')).toBe('.');
    expect(decimalMarkOf('1.234,50')).toBe(',');
    expect(decimalMarkOf('1\u202f234,500 DT')).toBe(',');
    expect(decimalMarkOf('85,500 DT')).toBe('either');
    expect(decimalMarkOf('152.004')).toBe('either');
    expect(decimalMarkOf('0,500')).toBe(',');
    expect(decimalMarkOf('61000')).toBeNull();
    expect(plainDecimal('1\u00a0234,50 €', ',')).toBe('1234.50');
    expect(plainDecimal("1'234.50", '.')).toBe('1234.50');
    expect(plainDecimal('152.004', ',')).toBe('152004');
    expect(plainDecimal('152.004', '.')).toBe('152.004');
    expect(plainDecimal('1.234.567', '.')).toBe('1234567');
    expect(plainDecimal('abc', '.')).toBeNull();
    expect(plainDecimal('1,2,3.4.5', '.')).toBeNull();
    expect(parseAmountToMinor('85,500 DT', 'TND', ',')).toBe(85_500);
    expect(parseAmountToMinor('1 234,500 DT', 'TND', ',')).toBe(1_234_500);
    expect(parseAmountToMinor('$1,234.50', 'USD', '.')).toBe(123_450);
    expect(parseAmountToMinor('1.234,50 €', 'EUR', ',')).toBe(123_450);
    expect(parseAmountToMinor('1 234,50 €', 'EUR', ',')).toBe(123_450);
    // "12,345": thousands in a two-decimal currency whatever the locale; in KWD the file's locale decides.
    expect(parseAmountToMinor('12,345', 'USD', ',')).toBe(1_234_500);
    expect(parseAmountToMinor('12,345', 'KWD', ',')).toBe(12_345);
    expect(parseAmountToMinor('12,345', 'KWD', '.')).toBe(12_345_000);
  });

  it('infers the number locale from every amount and odometer of the file, and asks when they leave it open', () => {
    const none = { dates: [], amounts: [], odometers: [] };
    expect(suggestNumberLocale({ ...none, amounts: ['1 234,50 €', '85,00 €'] }, 'EUR').value).toBe('decimalComma');
    expect(suggestNumberLocale({ ...none, amounts: ['$79.99', '$1,240.00'] }, 'USD').value).toBe('decimalPoint');
    expect(suggestNumberLocale({ ...none, amounts: ['85,500 DT', '1 234,500 DT'] }, 'TND').value).toBe('decimalComma');
    expect(suggestNumberLocale({ ...none, amounts: ['85,500 DT', '12,250 DT'] }, 'TND')).toEqual({
      value: null,
      examples: ['85,500 DT', '12,250 DT'],
    });
    expect(suggestNumberLocale({ ...none, odometers: ['152.004', '98.120'] }, 'EUR').value).toBe('decimalComma');
    expect(suggestNumberLocale({ ...none, odometers: ['152,004'] }, 'USD').value).toBe('decimalPoint');
    expect(suggestNumberLocale({ ...none, amounts: ['12,345'], dates: ['14.03.2026'] }, 'KWD').value).toBe('decimalComma');
    expect(suggestNumberLocale({ ...none, amounts: ['12,345 €'] }, 'KWD').value).toBe('decimalComma');
    expect(suggestNumberLocale({ ...none, odometers: ['61000'] }, 'EUR')).toEqual({ value: 'decimalPoint', examples: [] });
  });

  it('suggests miles for LubeLogger and Shopmonkey unless the numbers are European, and reads unit words', () => {
    expect(presetDistanceUnit('lubelogger')).toBe('MI');
    expect(presetDistanceUnit('lubelogger', 'decimalComma')).toBe('KM');
    expect(presetDistanceUnit('shopmonkey', 'decimalPoint')).toBe('MI');
    expect(presetDistanceUnit('custom')).toBe('KM');
    expect(['km', 'Kilometres', 'kilomètres', 'KMS', 'mi', 'Miles', 'mi.', 'furlongs'].map(parseDistanceUnit)).toEqual([
      'KM',
      'KM',
      'KM',
      'KM',
      'MI',
      'MI',
      'MI',
      undefined,
    ]);
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
      billing: null,
    });
    expect(record.vehicle).toMatchObject({
      plateNumber: 'ab 123 cd',
      plateKey: normalizePlate('AB123CD'),
      color: 'Unknown',
      engineType: 'Unknown',
      type: 'CAR',
      year: 2019,
      odometerKm: 52000,
      reference: false,
    });
    expect(record.visit).toEqual({
      name: 'Imported visit',
      visitDate: '2026-01-05',
      totalCents: 12040,
      paidCents: 12040,
      notes: null,
      odometerInKm: 52000,
    });
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
    expect(record.vehicle).toMatchObject({ plateNumber: 'ab 123 cd', plateKey: normalizePlate('AB 123 CD') });
    expect(validateImportRow({ plateNumber: 'M.AB/1234' }, options).record.vehicle).toMatchObject({
      plateNumber: 'M AB 1234',
      reference: true,
    });
  });

  it('treats a row with only a plate as a reference to a known vehicle, and converts miles', () => {
    const { record, problems } = validateImportRow(
      { plateNumber: 'XY 99', odometer: '1000', visitDate: '2025-12-01', visitName: 'Tyres' },
      { ...options, distanceUnit: 'MI' },
    );
    expect(problems).toEqual([]);
    expect(record.vehicle).toMatchObject({ reference: true, plateKey: normalizePlate('XY 99'), odometerKm: 1609 });
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

  it('keeps a long note cut at its limit, with a warning naming its length', () => {
    const note = 'x'.repeat(2345);
    const { record, problems, warnings } = validateImportRow({ plateNumber: 'XY 99', visitDate: '2025-12-01', visitNotes: note }, options);
    expect(problems).toEqual([]);
    expect(record.visit?.notes).toBe('x'.repeat(2000));
    expect(warnings).toEqual([{ field: 'visitNotes', message: 'import.textCut|length=2345&maxLength=2000' }]);
  });

  it('maps VIN, trim, plate region, company, first registration and a unit per row', () => {
    const { record, problems, warnings } = validateImportRow(
      {
        firstName: 'Dana',
        lastName: 'Smith',
        company: 'Acme Fleet',
        phoneNumber: '4155550100',
        plateNumber: '7ABC123',
        plateRegion: 'CA',
        vin: '1hgcm82633a004352',
        brand: 'Honda',
        model: 'Accord',
        trim: 'EX-L',
        year: '2003',
        firstRegistrationDate: '2003-05-20',
        odometer: '10,000',
        odometerUnit: 'miles',
        visitDate: '2025-12-01',
      },
      { ...options, numberLocale: 'decimalPoint' },
    );
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
    expect(record.customer?.billing).toMatchObject({ companyName: 'Acme Fleet', address: { city: null }, identifiers: { other: [] } });
    expect(record.vehicle).toMatchObject({
      vin: '1HGCM82633A004352',
      trim: 'EX-L',
      plateRegion: 'CA',
      firstRegistrationDate: '2003-05-20',
      odometerKm: 16093,
      distanceUnit: 'MI',
      unitFromRow: true,
    });
    expect(record.visit?.odometerInKm).toBe(16093);
  });

  it('leaves an invalid VIN out with a warning, warns on a wrong check digit, refuses an unknown unit', () => {
    const row = { plateNumber: 'XY 99', brand: 'Kia', model: 'Rio', year: '2020', firstName: 'A', lastName: 'B', phoneNumber: '612345678' };
    const invalid = validateImportRow({ ...row, vin: 'VF1-OOO' }, options);
    expect(invalid.problems).toEqual([]);
    expect(invalid.record.vehicle?.vin).toBeNull();
    expect(invalid.warnings).toEqual([{ field: 'vin', message: 'import.vinInvalid|vin=VF1-OOO' }]);
    const checkDigit = validateImportRow({ ...row, vin: '1HGCM82643A004352' }, options);
    expect(checkDigit.record.vehicle?.vin).toBe('1HGCM82643A004352');
    expect(checkDigit.warnings).toEqual([{ field: 'vin', message: 'vin.checkDigit' }]);
    expect(validateImportRow({ ...row, odometer: '5', odometerUnit: 'furlongs' }, options).problems).toContainEqual({
      field: 'odometerUnit',
      message: 'import.unitUnknown',
    });
  });

  it('reads odometers in the file locale: 152.004 (German), 152,004 (US), 152 004, and rounds 152004.5', () => {
    const km = (odometer: string, numberLocale: 'decimalPoint' | 'decimalComma') =>
      validateImportRow({ plateNumber: 'XY 99', odometer }, { ...options, numberLocale }).record.vehicle?.odometerKm;
    expect(km('152.004', 'decimalComma')).toBe(152_004);
    expect(km('152.004', 'decimalPoint')).toBe(152_004);
    expect(km('152,004', 'decimalPoint')).toBe(152_004);
    expect(km('152 004', 'decimalComma')).toBe(152_004);
    expect(km('152\u202f004', 'decimalComma')).toBe(152_004);
    expect(km('152004.5', 'decimalPoint')).toBe(152_005);
    expect(km('152004,4', 'decimalComma')).toBe(152_004);
  });

  it('reads amounts with the shop currency and the file locale, and still refuses one over the limit', () => {
    const visit = (visitTotal: string, currency: string, numberLocale: 'decimalPoint' | 'decimalComma') =>
      validateImportRow({ plateNumber: 'XY 99', visitDate: '2025-12-01', visitTotal }, { ...options, currency, numberLocale });
    expect(visit('85,500 DT', 'TND', 'decimalComma').record.visit?.totalCents).toBe(85_500);
    expect(visit('1\u202f234,500 DT', 'TND', 'decimalComma').record.visit?.totalCents).toBe(1_234_500);
    expect(visit('$1,234.50', 'USD', 'decimalPoint').record.visit?.totalCents).toBe(123_450);
    expect(visit('1.234,50 €', 'EUR', 'decimalComma').record.visit?.totalCents).toBe(123_450);
    expect(visit('12,345', 'KWD', 'decimalComma').record.visit?.totalCents).toBe(12_345);
    expect(visit('12,345', 'KWD', 'decimalPoint').record.visit?.totalCents).toBe(12_345_000);
    expect(visit('1 234 567 890,00 €', 'EUR', 'decimalComma').problems).toEqual([
      { field: 'visitTotal', message: expect.stringMatching(/^maxValue\|fieldName=visitTotal&maxValue=/) },
    ]);
    expect(visit('douze', 'EUR', 'decimalComma').problems).toEqual([{ field: 'visitTotal', message: 'number|fieldName=visitTotal' }]);
  });
});
