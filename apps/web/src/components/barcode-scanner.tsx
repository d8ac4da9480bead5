// Scanning a part's barcode (issue #26): a big button that opens a dialog with the live camera, a photo
// fallback and a typed fallback. The browser's own BarcodeDetector is used where it exists (Android, macOS,
// ChromeOS); elsewhere the `barcode-detector` ponyfill (ZXing compiled to WebAssembly). The ponyfill and its
// .wasm are loaded only when the dialog opens, and the .wasm comes from our own build (a `?url` asset), never
// from the library's default CDN: the app's CSP allows only 'self' (and 'wasm-unsafe-eval' to compile it).
import type { BarcodeFormat, DetectedBarcode } from 'barcode-detector/ponyfill';
import { CameraOffIcon, ImageIcon, ScanBarcodeIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { cn } from '../lib/utils.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog.tsx';
import { Input } from './ui/input.tsx';

// Parts carry EAN/UPC codes; shops print their own labels as Code 128/39 or QR. VIN labels (door pillar,
// windscreen) are Code 39, Code 128, Data Matrix or QR (the vehicle form's VIN scan).
const WANTED_FORMATS: BarcodeFormat[] = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf', 'qr_code', 'data_matrix'];
// A frame every 200 ms finds a code within a fraction of a second without keeping a phone's CPU busy.
const SCAN_INTERVAL_MS = 200;

type Detector = { detect(image: ImageBitmapSource | HTMLVideoElement): Promise<DetectedBarcode[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

let detectorPromise: Promise<Detector> | undefined;

/** One detector per page: the native one when it reads the formats we want, else the WebAssembly ponyfill. */
function loadDetector(): Promise<Detector> {
  detectorPromise ??= createDetector().catch((error: unknown) => {
    detectorPromise = undefined; // a failed download is retried on the next opening
    throw error;
  });
  return detectorPromise;
}

async function createDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    try {
      const supported = await native.getSupportedFormats();
      const formats = WANTED_FORMATS.filter((format) => supported.includes(format));
      if (formats.includes('ean_13')) return new native({ formats });
    } catch {
      // Some browsers expose the class without a working implementation: use the ponyfill.
    }
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: WANTED_FORMATS });
}

type ScanButtonProps = { onCode: (code: string) => void; label?: string; className?: string };

/** A big scan button; the code read (camera, photo or typed) goes to onCode and the dialog closes. */
export function BarcodeScanButton({ onCode, label, className }: ScanButtonProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const name = label ?? t('scanner.scan');
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className={cn('h-11 min-w-11 px-3', className)}
        onClick={() => setOpen(true)}
        aria-label={label ? undefined : name}
        title={name}
        data-testid="barcode-scan-button"
      >
        <ScanBarcodeIcon className="size-5" aria-hidden="true" />
        {label && <span>{label}</span>}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('actions.close')} className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{t('scanner.title')}</DialogTitle>
            <DialogDescription>{t('scanner.description')}</DialogDescription>
          </DialogHeader>
          {open && (
            <ScannerBody
              onCode={(code) => {
                setOpen(false);
                onCode(code);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

type CameraState = 'starting' | 'live' | 'unavailable';

function ScannerBody({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('common');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [decoderFailed, setDecoderFailed] = useState(false);
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);
  const [readingPhoto, setReadingPhoto] = useState(false);
  const [typed, setTyped] = useState('');
  const photoInputId = useId();
  const typedInputId = useId();
  // Both the camera loop and a photo may find a code; only the first one counts. The camera loop, started once
  // per opening, calls the latest onCode through the ref.
  const doneRef = useRef(false);
  const finishRef = useRef((_code: string) => {});
  finishRef.current = (code: string) => {
    if (doneRef.current) return;
    doneRef.current = true;
    onCode(code.trim());
  };
  const finish = (code: string) => finishRef.current(code);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function start() {
      const detectorLoad = loadDetector();
      detectorLoad.catch(() => {
        if (!stopped) setDecoderFailed(true);
      });
      if (!navigator.mediaDevices?.getUserMedia) return setCamera('unavailable');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch {
        // Refused, no camera, or not a secure context: the photo and typed fallbacks remain.
        if (!stopped) setCamera('unavailable');
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return stopStream();
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setCamera('live');
      const detector = await detectorLoad.catch(() => undefined);
      if (!detector) return;
      const scan = async () => {
        if (stopped) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const found = await detector.detect(video).catch(() => []);
          const code = found[0]?.rawValue;
          if (code && !stopped) return finishRef.current(code);
        }
        timer = setTimeout(scan, SCAN_INTERVAL_MS);
      };
      void scan();
    }

    function stopStream() {
      for (const track of stream?.getTracks() ?? []) track.stop();
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopStream();
    };
  }, []);

  async function readPhoto(file: File | undefined) {
    if (!file) return;
    setPhotoMessage(null);
    setReadingPhoto(true);
    try {
      const detector = await loadDetector();
      const bitmap = await createImageBitmap(file);
      const found = await detector.detect(bitmap);
      bitmap.close();
      const code = found[0]?.rawValue;
      if (code) finish(code);
      else setPhotoMessage(t('scanner.noCodeInPhoto'));
    } catch {
      setPhotoMessage(t('scanner.photoFailed'));
    } finally {
      setReadingPhoto(false);
    }
  }

  function submitTyped(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation(); // the dialog may sit inside another form
    if (typed.trim()) finish(typed);
  }

  return (
    <div className="grid gap-4">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-md bg-black">
        {/* The stream is silent: no captions to give. */}
        <video ref={videoRef} className={cn('size-full object-cover', camera !== 'live' && 'invisible')} muted playsInline />
        {camera === 'live' && (
          <div aria-hidden="true" className="pointer-events-none absolute inset-x-6 top-1/2 h-0.5 -translate-y-1/2 bg-red-500/80" />
        )}
        {camera !== 'live' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-white">
            {camera === 'unavailable' && <CameraOffIcon className="size-8" aria-hidden="true" />}
            <p role="status">{camera === 'starting' ? t('scanner.startingCamera') : t('scanner.cameraUnavailable')}</p>
          </div>
        )}
      </div>
      {decoderFailed && (
        <p role="alert" className="text-sm text-destructive">
          {t('scanner.decoderFailed')}
        </p>
      )}

      <div className="grid gap-2">
        <label
          htmlFor={photoInputId}
          className="inline-flex h-11 cursor-pointer items-center justify-center gap-2 rounded-md border bg-card px-4 text-sm font-medium shadow-xs hover:bg-accent focus-within:ring-[3px] focus-within:ring-ring/50"
        >
          <ImageIcon className="size-5" aria-hidden="true" />
          {readingPhoto ? t('scanner.readingPhoto') : t('scanner.photo')}
        </label>
        <input
          id={photoInputId}
          data-testid="barcode-photo-input"
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          onChange={(event) => {
            const input = event.currentTarget;
            void readPhoto(input.files?.[0]).finally(() => {
              input.value = ''; // the same photo may be chosen again
            });
          }}
        />
        {photoMessage && (
          <p role="alert" className="text-sm text-destructive">
            {photoMessage}
          </p>
        )}
      </div>

      <form className="flex gap-2" onSubmit={submitTyped}>
        <label htmlFor={typedInputId} className="sr-only">
          {t('scanner.typeCode')}
        </label>
        <Input
          id={typedInputId}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          placeholder={t('scanner.typeCode')}
          autoComplete="off"
          className="h-11"
        />
        <Button type="submit" className="h-11" disabled={!typed.trim()}>
          {t('scanner.useCode')}
        </Button>
      </form>
    </div>
  );
}
