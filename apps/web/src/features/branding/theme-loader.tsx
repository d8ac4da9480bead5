// Covers the page while the merchant's theme loads for the first time (SPEC §2), then fades away.
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
          <span className="relative flex size-14">
            <span className="absolute inset-0 animate-ping rounded-full bg-brand-400/30" />
            <span className="relative size-14 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" />
          </span>
          <span className="text-sm text-muted-foreground">{label}</span>
        </div>
      )}
    </div>
  );
}
