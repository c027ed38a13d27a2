/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The core's gateway choice: `development`, `production:https://host` or `test:http://host`. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
