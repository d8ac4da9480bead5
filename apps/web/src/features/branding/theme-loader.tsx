// Covers the page while the merchant's theme loads for the first time (SPEC §2), then fades away. It takes
// over from index.html's boot screen with the same spinner in the same place (components/loading-frames.tsx).
import { LoadingSpinner } from '../../components/loading-frames.tsx';

export function ThemeLoader({ visible, label }: { visible: boolean; label: string }) {
  return (
    <div
      aria-hidden={!visible}
      data-testid="theme-loader"
      data-visible={visible}
      className="pointer-events-none fixed inset-0 z-[70] flex items-center justify-center bg-background opacity-0 transition-opacity duration-300 data-[visible=true]:pointer-events-auto data-[visible=true]:opacity-100"
    >
      {visible && (
        <div role="status" className="flex flex-col items-center gap-4">
          <LoadingSpinner />
          <span className="text-sm font-medium text-muted-foreground">{label}</span>
        </div>
      )}
    </div>
  );
}
