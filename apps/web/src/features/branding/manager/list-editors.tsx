// Editors for the JSON list fields: core values (list of texts) and FAQs (question/answer pairs). They
// edit a parsed copy and write the JSON string back, so the entry keeps the documented format.
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { parseEditableFaqs, parseEditableStrings, type Faq } from '../../../lib/branding-lists.ts';

interface ListEditorProps {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

export function CoreValuesEditor({ id, value, error, onChange }: ListEditorProps) {
  const { t } = useTranslation('branding');
  const values = parseEditableStrings(value);
  const write = (next: string[]) => onChange(JSON.stringify(next));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">{t('keys.coreValues')}</legend>
      {values.map((item, index) => (
        <div key={index} className="flex items-center gap-2">
          <Input
            id={`${id}-${index}`}
            aria-label={t('value', { index: index + 1 })}
            value={item}
            onChange={(event) => write(values.map((current, i) => (i === index ? event.target.value : current)))}
          />
          <Button variant="ghost" size="icon" aria-label={t('removeItem')} onClick={() => write(values.filter((_, i) => i !== index))}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button variant="outline" size="sm" className="self-start" onClick={() => write([...values, ''])}>
        <Plus aria-hidden="true" />
        {t('addValue')}
      </Button>
      <FieldError errors={error ? [{ message: error }] : []} />
    </fieldset>
  );
}

export function FaqEditor({ id, value, error, onChange }: ListEditorProps) {
  const { t } = useTranslation('branding');
  const faqs = parseEditableFaqs(value);
  const write = (next: Faq[]) => onChange(JSON.stringify(next));
  const update = (index: number, patch: Partial<Faq>) => write(faqs.map((faq, i) => (i === index ? { ...faq, ...patch } : faq)));
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-medium">{t('keys.faqs')}</legend>
      {faqs.map((faq, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-4">
          <div className="flex items-center justify-between">
            <p className="text-sm font-semibold">{t('faqItem', { index: index + 1 })}</p>
            <Button variant="ghost" size="icon" aria-label={t('removeItem')} onClick={() => write(faqs.filter((_, i) => i !== index))}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
          <Field>
            <FieldLabel htmlFor={`${id}-${index}-q`}>{t('question')}</FieldLabel>
            <Input id={`${id}-${index}-q`} value={faq.question} onChange={(event) => update(index, { question: event.target.value })} />
          </Field>
          <Field>
            <FieldLabel htmlFor={`${id}-${index}-a`}>{t('answer')}</FieldLabel>
            <Textarea
              id={`${id}-${index}-a`}
              rows={3}
              value={faq.answer}
              onChange={(event) => update(index, { answer: event.target.value })}
            />
          </Field>
        </div>
      ))}
      <Button variant="outline" size="sm" className="self-start" onClick={() => write([...faqs, { question: '', answer: '' }])}>
        <Plus aria-hidden="true" />
        {t('addFaq')}
      </Button>
      <FieldError errors={error ? [{ message: error }] : []} />
    </fieldset>
  );
}
