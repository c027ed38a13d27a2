/** The Adnur mark: an inline SVG, so the login page needs no extra request. */
export interface LogoProps {
  size?: number;
  title?: string;
}

export function Logo({ size = 32, title }: LogoProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? "img" : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id="adnur-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4096ff" />
          <stop offset="1" stopColor="#0958d9" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#adnur-logo-bg)" />
      <path
        d="M17 47 29.5 15h5L47 47h-7.2l-2.6-7.2H26.8L24.2 47zm11.9-13h6.2L32 25.2z"
        fill="#fff"
      />
      <circle cx="47" cy="17" r="4" fill="#ffd666" />
    </svg>
  );
}
