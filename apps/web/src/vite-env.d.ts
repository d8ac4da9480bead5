/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_NAME?: string;
  readonly VITE_APP_VERSION?: string;
  readonly VITE_API_URL?: string;
  readonly VITE_USER_API_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_PHONE?: string;
  readonly VITE_WHATSAPP?: string;
  readonly VITE_FACEBOOK?: string;
  readonly VITE_INSTAGRAM?: string;
}
