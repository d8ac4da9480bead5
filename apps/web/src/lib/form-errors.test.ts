// Validation messages reach the user in their language whether they come from the shared schemas (codes)
// or from the API (English sentences rendered from the same codes).
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@garage/shared/constants';
import { MESSAGES, msg, renderMessage } from '@garage/shared/messages';
import commonFr from '../locales/fr/common.json';
import fieldsFr from '../locales/fr/fields.json';
import validationFr from '../locales/fr/validation.json';
import { applyServerFieldErrors, translateMessage } from './form-errors.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'fr',
    resources: { fr: { common: commonFr, fields: fieldsFr, validation: validationFr } },
    interpolation: { escapeValue: false },
  });
});

describe('translateMessage', () => {
  it('renders a message code with the translated field label', () => {
    expect(translateMessage(i18n.t, msg('required', { fieldName: 'firstName' }))).toBe('Prénom est obligatoire');
    expect(translateMessage(i18n.t, msg('maxLength', { fieldName: 'email', maxLength: LIMITS.emailMax }))).toBe('E-mail ne doit pas dépasser 100 caractères');
  });

  it('matches an English sentence from the API back to its code when the field is known', () => {
    const fromApi = renderMessage(msg('minLength', { fieldName: 'name', minLength: 3 }));
    expect(fromApi).toBe('Name must be at least 3 characters long');
    expect(translateMessage(i18n.t, fromApi, 'name')).toBe('Nom doit contenir au moins 3 caractères');
    expect(translateMessage(i18n.t, renderMessage(msg('email', { fieldName: 'email' })), 'tasks.0.email')).toBe('E-mail doit être une adresse e-mail valide');
  });

  it('translates SPEC §8 texts and leaves unknown text alone', () => {
    expect(translateMessage(i18n.t, MESSAGES.invalidThemeColors)).toBe('JSON des couleurs du thème invalide');
    expect(translateMessage(i18n.t, 'Something only the server knows')).toBe('Something only the server knows');
  });
});

describe('applyServerFieldErrors', () => {
  it('puts REST and tRPC field errors on the form fields', () => {
    const setError = vi.fn();
    expect(applyServerFieldErrors(setError, { body: { fieldErrors: { email: ['Email is required'], 'tasks.1.title': ['Title is required'] } } })).toBe(true);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Email is required' }, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith('tasks.1.title', { type: 'server', message: 'Title is required' }, { shouldFocus: false });

    const trpcSetError = vi.fn();
    expect(applyServerFieldErrors(trpcSetError, { data: { fieldErrors: { name: ['Name is required'] } } })).toBe(true);
    expect(trpcSetError).toHaveBeenCalledOnce();
    expect(applyServerFieldErrors(vi.fn(), new Error('network'))).toBe(false);
  });
});
