// Messages reach the user in their language whether they come from the shared schemas (codes in zod
// messages) or from the API (messageCode + params, fieldErrorCodes): a code is rendered, never English read back.
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@garage/shared/constants';
import { msg } from '@garage/shared/messages';
import commonAr from '../locales/ar/common.json';
import commonEn from '../locales/en/common.json';
import commonFr from '../locales/fr/common.json';
import fieldsAr from '../locales/ar/fields.json';
import fieldsEn from '../locales/en/fields.json';
import fieldsFr from '../locales/fr/fields.json';
import validationAr from '../locales/ar/validation.json';
import validationEn from '../locales/en/validation.json';
import validationFr from '../locales/fr/validation.json';
import { applyServerFieldErrors, errorMessageOf, failureMessage, renderCode, translateMessage } from './form-errors.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'fr',
    resources: {
      en: { common: commonEn, fields: fieldsEn, validation: validationEn },
      fr: { common: commonFr, fields: fieldsFr, validation: validationFr },
      ar: { common: commonAr, fields: fieldsAr, validation: validationAr },
    },
    interpolation: { escapeValue: false },
  });
});
const tIn = (language: string) => i18n.getFixedT(language);

describe('renderCode', () => {
  it('renders an API message code with its parameters in en, fr and ar', () => {
    const params = { count: 3 };
    expect(renderCode(tIn('en'), 'offering.categoryHasItems', params)).toBe(
      'This category still has 3 items. Move them to another category or delete them with the category.',
    );
    expect(renderCode(tIn('fr'), 'offering.categoryHasItems', params)).toContain('(3)');
    expect(renderCode(tIn('ar'), 'offering.categoryHasItems', params)).toContain('3');
    expect(renderCode(tIn('fr'), 'offering.categoryHasItems', params)).not.toBe(renderCode(tIn('en'), 'offering.categoryHasItems', params));
  });

  it('renders a validation code with the field label of each language', () => {
    const params = { fieldName: 'firstName', maxLength: 50 };
    expect(renderCode(tIn('en'), 'maxLength', params)).toBe('First name must not exceed 50 characters');
    expect(renderCode(tIn('fr'), 'maxLength', params)).toBe('Prénom ne doit pas dépasser 50 caractères');
    const arabic = renderCode(tIn('ar'), 'maxLength', params);
    expect(arabic).toContain('50');
    expect(arabic).toContain(fieldsAr.firstName);
  });

  it('falls back to the given text for a code this build does not know', () => {
    expect(renderCode(tIn('fr'), 'future.code', {}, 'Server sentence')).toBe('Server sentence');
  });
});

describe('translateMessage', () => {
  it('renders a client-side message code with the translated field label', () => {
    expect(translateMessage(i18n.t, msg('required', { fieldName: 'firstName' }))).toBe('Prénom est obligatoire');
    expect(translateMessage(i18n.t, msg('maxLength', { fieldName: 'email', maxLength: LIMITS.emailMax }))).toBe(
      'E-mail ne doit pas dépasser 100 caractères',
    );
  });

  it('renders a catalogue code used as a zod message, and leaves other text alone', () => {
    expect(translateMessage(i18n.t, 'appointments.contactRequired')).toBe(commonFr.messages.appointments.contactRequired);
    expect(translateMessage(i18n.t, msg('invalidThemeColors'))).toBe('JSON des couleurs du thème invalide');
    expect(translateMessage(i18n.t, 'Something only the server knows')).toBe('Something only the server knows');
  });
});

describe('API failures', () => {
  const trpcConflict = {
    message: 'This payment has already been refunded in full',
    data: { code: 'CONFLICT', messageCode: 'payments.alreadyRefunded', params: {} },
  };

  it('render the messageCode of a tRPC error and of a REST error body', () => {
    expect(errorMessageOf(i18n.t, trpcConflict)).toBe(commonFr.messages.payments.alreadyRefunded);
    const rest = {
      body: { code: 'CONFLICT', messageCode: 'tasks.badTransition', params: { from: 'DONE', to: 'PENDING', allowed: 'CANCELLED' } },
    };
    expect(errorMessageOf(tIn('ar'), rest)).toBe('لا يمكن نقل مهمة من DONE إلى PENDING (المسموح: CANCELLED)');
    expect(errorMessageOf(i18n.t, new Error('network'))).toBeUndefined();
  });

  it('show a conflict with its reason, anything else with the fallback', () => {
    expect(failureMessage(i18n.t, trpcConflict, 'Échec')).toBe(commonFr.messages.payments.alreadyRefunded);
    expect(failureMessage(i18n.t, { data: { code: 'INTERNAL_SERVER_ERROR', messageCode: 'internal', params: {} } }, 'Échec')).toBe('Échec');
  });
});

describe('applyServerFieldErrors', () => {
  it('puts REST and tRPC field error codes on the form fields, in the current language', () => {
    const setError = vi.fn();
    const rest = {
      body: {
        fieldErrorCodes: {
          email: [{ code: 'required', params: { fieldName: 'email' } }],
          'tasks.1.title': [{ code: 'users.emailTaken', params: {} }],
        },
      },
    };
    expect(applyServerFieldErrors(setError, rest, i18n.t)).toBe(true);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'E-mail est obligatoire' }, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith(
      'tasks.1.title',
      { type: 'server', message: commonFr.messages.users.emailTaken },
      { shouldFocus: false },
    );

    const trpcSetError = vi.fn();
    const trpc = { data: { fieldErrorCodes: { plateNumber: [{ code: 'oilChanges.kmBelowLatest', params: { latestKm: 1200 } }] } } };
    expect(applyServerFieldErrors(trpcSetError, trpc, tIn('ar'))).toBe(true);
    expect(trpcSetError).toHaveBeenCalledWith(
      'plateNumber',
      { type: 'server', message: expect.stringContaining('1200') },
      { shouldFocus: true },
    );
    expect(applyServerFieldErrors(vi.fn(), new Error('network'), i18n.t)).toBe(false);
  });
});
