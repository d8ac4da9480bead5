import { describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGUE, parseCodedMessage, renderCode, renderCodedText } from './message-catalogue.ts';
import { MESSAGES, encodeMessage, msg } from './messages.ts';

describe('message catalogue', () => {
  it('keeps the SPEC §8 texts under their flat codes', () => {
    expect(MESSAGE_CATALOGUE.versionConflict).toBe(MESSAGES.versionConflict);
    expect(renderCode('invalidCredentials')).toBe('Invalid identifier or password');
  });

  it('renders a grouped code with its parameters, and a validation code with a humanized field', () => {
    expect(renderCode('offering.categoryHasItems', { count: 4 })).toBe(
      'This category still has 4 items. Move them to another category or delete them with the category.',
    );
    expect(renderCode('required', { fieldName: 'plateNumber' })).toBe('Plate number is required');
  });

  it('reads a code carried as text back, with its parameters; other text is no code', () => {
    expect(parseCodedMessage(msg('minValue', { fieldName: 'km', minValue: 3 }))).toEqual({
      code: 'minValue',
      params: { fieldName: 'km', minValue: '3' },
    });
    expect(parseCodedMessage(encodeMessage('analytics.rangeTooLong', { maxDays: 731 }))).toEqual({
      code: 'analytics.rangeTooLong',
      params: { maxDays: '731' },
    });
    expect(parseCodedMessage('import.staffAccount')).toEqual({ code: 'import.staffAccount', params: {} });
    expect(parseCodedMessage('Some sentence')).toBeNull();
    expect(renderCodedText(encodeMessage('analytics.rangeTooLong', { maxDays: 731 }))).toBe('The range must not exceed 731 days');
    expect(renderCodedText('Some sentence')).toBe('Some sentence');
  });
});
