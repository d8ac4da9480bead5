// Six one-digit boxes for the one-time code. Typing moves forward, Backspace moves back, the arrow keys move,
// and pasting (or the phone's one-time-code autofill) anywhere fills the boxes from there. Codes read left to
// right in every language, so the group is always ltr.
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP } from '@garage/shared/constants';
import { cn } from '../../lib/utils.ts';

interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  labelledBy?: string;
  describedBy?: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

export function OtpInput({ value, onChange, onComplete, invalid, disabled, labelledBy, describedBy }: OtpInputProps) {
  const { t } = useTranslation('auth');
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const slots = Array.from({ length: OTP.length }, (_, index) => value[index] ?? '');

  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP.length - 1, index))]?.focus();

  /** Writes `digits` from box `index` (never past the first empty box, so the code has no gaps). */
  function fill(index: number, digits: string) {
    const start = Math.min(index, value.length);
    const code = (value.slice(0, start) + digits + value.slice(start + digits.length)).slice(0, OTP.length);
    onChange(code);
    focus(start + digits.length);
    if (code.length === OTP.length) onComplete?.(code);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const target = slots[index] ? index : index - 1;
      if (target < 0) return;
      onChange(value.slice(0, target));
      focus(target);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const digits = digitsOf(event.clipboardData.getData('text'));
    event.preventDefault();
    if (digits) fill(index, digits);
  }

  return (
    <div role="group" dir="ltr" aria-labelledby={labelledBy} aria-describedby={describedBy} className="flex justify-center gap-2 sm:gap-3">
      {slots.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          data-testid={`otp-digit-${index + 1}`}
          value={digit}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // biome-ignore lint/a11y/noAutofocus: the screen exists to type the code just sent; its first box takes the focus.
          autoFocus={index === 0}
          maxLength={index === 0 ? OTP.length : 1}
          aria-label={t('verify.digitLabel', { index: index + 1, total: OTP.length })}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onChange={(event) => {
            const digits = digitsOf(event.target.value);
            if (digits) fill(index, digits.slice(-OTP.length));
          }}
          className={cn(
            'size-11 rounded-lg border border-input bg-card text-center text-xl font-semibold tabular-nums shadow-xs transition-[color,box-shadow] outline-none sm:size-12',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
            'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
          )}
        />
      ))}
    </div>
  );
}
