// "Business customer" on the customer form: a switch revealing the company's name, address and the identifiers
// the shop's country asks of a buyer (France: SIREN and VAT number; Morocco: ICE; Saudi Arabia: VAT number, CR;
// the Emirates: TRN). Off, `billing` is null: a private customer. Lives in the customer form's react-hook-form
// under "billing", so the API's field errors ("billing.identifiers.ice") land on their field.
import type { CustomerBilling } from '@garage/shared/schemas/tax';
import type { TaxCountryProfile } from '@garage/shared/tax-rules';
import { type FieldValues, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FieldDescription, FieldLabel } from '../../components/ui/field.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { CUSTOMER_IDENTIFIERS, EMPTY_IDENTIFIERS } from './identifier-fields.ts';
import { AddressFields, IdentifierFields, LegalTextField } from './legal-fields.tsx';
import { useTaxSettings } from './use-tax.ts';

export const EMPTY_BILLING: CustomerBilling = {
  companyName: '',
  address: { line1: null, line2: null, postcode: null, city: null, countryCode: null },
  identifiers: EMPTY_IDENTIFIERS,
};

export function CustomerBillingFields() {
  const { t } = useTranslation('tax');
  const { setValue, control } = useFormContext<FieldValues>();
  const billing = useWatch({ control, name: 'billing' }) as CustomerBilling | null | undefined;
  const settings = useTaxSettings();
  const profile: TaxCountryProfile = settings.data?.profile ?? 'OTHER';
  const business = !!billing;
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border p-4" data-testid="customer-billing">
      <legend className="px-1 text-sm font-medium">{t('customer.legend')}</legend>
      <Field orientation="horizontal" className="w-auto gap-3">
        <Switch
          id="customer-business"
          checked={business}
          onCheckedChange={(checked) => setValue('billing', checked ? EMPTY_BILLING : null, { shouldDirty: true })}
          data-testid="customer-business"
        />
        <FieldLabel htmlFor="customer-business">{t('customer.business')}</FieldLabel>
      </Field>
      {business ? (
        <>
          <LegalTextField name="billing.companyName" label={t('customer.companyName')} maxLength={200} keepEmpty />
          <IdentifierFields prefix="billing" profile={profile} keys={CUSTOMER_IDENTIFIERS[profile]} />
          <AddressFields prefix="billing" />
        </>
      ) : (
        <FieldDescription>{t('customer.privateHint')}</FieldDescription>
      )}
    </fieldset>
  );
}
