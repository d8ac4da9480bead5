import { describe, expect, it } from 'vitest';
import { humanizeField, msg, parseMessage, renderMessage } from './messages.ts';

describe('validation message codes', () => {
  it('round-trip a code with parameters, including characters that need escaping', () => {
    const encoded = msg('maxLength', { fieldName: 'email', maxLength: 100 });
    expect(parseMessage(encoded)).toEqual({ code: 'maxLength', params: { fieldName: 'email', maxLength: '100' }, text: encoded });
    expect(parseMessage(msg('fileType', { fieldName: 'image', allowedTypes: 'JPEG, PNG & more' })).params.allowedTypes).toBe(
      'JPEG, PNG & more',
    );
  });

  it('render in English with a humanized field name', () => {
    expect(renderMessage(msg('required', { fieldName: 'firstName' }))).toBe('First name is required');
    expect(renderMessage(msg('maxLength', { fieldName: 'plateNumber', maxLength: 20 }))).toBe('Plate number must not exceed 20 characters');
    expect(renderMessage(msg('futureDate', { fieldName: 'dueDate' }))).toBe('Due date must be today or a future date');
  });

  it('leave plain texts alone', () => {
    expect(parseMessage('Something else').code).toBeUndefined();
    expect(renderMessage('Invalid theme color JSON')).toBe('Invalid theme color JSON');
  });

  it('humanize camelCase field names', () => {
    expect(humanizeField('countryCode')).toBe('Country code');
    expect(humanizeField('age')).toBe('Age');
  });
});
