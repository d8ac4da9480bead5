// One editor per branding field kind (packages/shared branding.ts): text, long text, number, yes/no,
// colour (picker + hex), image or URL (with a preview). JSON kinds have their own editors.
import { ImageUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandingFieldKind } from '@garage/shared/branding';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { fieldErrorOf } from '../../../lib/form-errors.ts';
import { openModal } from '../../../lib/modal-store.ts';
import { uploadImage } from '../../../components/image-upload-field.tsx';
import { resolveMediaUrl } from '../../../lib/media-url.ts';

export interface FieldEditorProps {
  id: string;
  fieldKey: string;
  kind: BrandingFieldKind;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

const HEX = /^#[0-9a-f]{6}$/i;

export function ColorInput({
  id,
  label,
  value,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        aria-label={label}
        value={HEX.test(value) ? value : '#000000'}
        onChange={(event) => onChange(event.target.value)}
        className="size-9 shrink-0 cursor-pointer rounded-md border border-input bg-card p-1"
        data-testid={`${id}-picker`}
      />
      <Input
        id={id}
        value={value}
        dir="ltr"
        maxLength={7}
        aria-invalid={invalid}
        onChange={(event) => onChange(event.target.value.trim())}
        className="font-mono"
      />
    </div>
  );
}

/** Uploads a JPEG or PNG as a branding picture and hands its stored URL to the field (the server checks the bytes). */
function ImageUploadButton({
  id,
  onUploaded,
  onProblem,
}: {
  id: string;
  onUploaded: (url: string) => void;
  onProblem: (problem: string | null) => void;
}) {
  const { t } = useTranslation(['branding', 'validation', 'fields']);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  async function choose(file: File | undefined) {
    if (!file) return;
    onProblem(null);
    setUploading(true);
    try {
      onUploaded(await uploadImage(file, 'branding'));
    } catch (error) {
      onProblem(fieldErrorOf(t, error, 'file') ?? t('uploadFailed'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={uploading}
        onClick={() => input.current?.click()}
        data-testid={`${id}-upload`}
      >
        {uploading ? <Spinner /> : <ImageUp />}
        {t('uploadImage')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${id}-file`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
    </>
  );
}

export function FieldEditor({ id, fieldKey, kind, value, error, onChange }: FieldEditorProps) {
  const { t } = useTranslation('branding');
  const label = t(`keys.${fieldKey}`);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const invalid = !!error || !!uploadProblem;
  const errorNode = <FieldError errors={error ? [{ message: error }] : uploadProblem ? [{ message: uploadProblem }] : []} />;

  if (kind === 'boolean') {
    return (
      <Field orientation="horizontal" data-invalid={invalid} className="rounded-lg border p-3">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <span className="text-sm text-muted-foreground">{value === 'true' ? t('yes') : t('no')}</span>
        <Switch id={id} checked={value === 'true'} onCheckedChange={(checked) => onChange(String(checked))} />
        {errorNode}
      </Field>
    );
  }

  return (
    <Field data-invalid={invalid}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {kind === 'textarea' ? (
        <Textarea id={id} value={value} rows={4} aria-invalid={invalid} onChange={(event) => onChange(event.target.value)} />
      ) : kind === 'color' ? (
        <ColorInput id={id} label={label} value={value} onChange={onChange} invalid={invalid} />
      ) : kind === 'image' ? (
        <div className="flex items-center gap-3">
          <button
            type="button"
            disabled={!value}
            aria-label={t('previewImage', { name: label })}
            data-testid={`${id}-preview`}
            onClick={() =>
              openModal({
                title: label,
                size: 'wide',
                body: <img src={resolveMediaUrl(value)} alt={label} className="max-h-[70vh] w-full rounded-lg object-contain" />,
              })
            }
            className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted transition-shadow hover:ring-2 hover:ring-ring disabled:cursor-default"
          >
            {value && <img src={resolveMediaUrl(value)} alt="" className="size-full object-cover" />}
          </button>
          <Input
            id={id}
            value={value}
            dir="ltr"
            aria-invalid={invalid}
            onChange={(event) => onChange(event.target.value.trim())}
            className="min-w-0"
          />
          <ImageUploadButton id={id} onUploaded={onChange} onProblem={setUploadProblem} />
        </div>
      ) : (
        <Input
          id={id}
          value={value}
          dir={kind === 'url' ? 'ltr' : undefined}
          type={kind === 'number' ? 'number' : kind === 'url' ? 'url' : 'text'}
          min={kind === 'number' ? 0 : undefined}
          inputMode={kind === 'number' ? 'numeric' : undefined}
          aria-invalid={invalid}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {kind === 'image' && <FieldDescription>{t('imageHint')}</FieldDescription>}
      {errorNode}
    </Field>
  );
}
