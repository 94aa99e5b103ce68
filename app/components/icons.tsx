import type { SVGProps } from "react";

/**
 * Small decorative line icons (24×24, currentColor). They are always aria-hidden: the control that
 * holds one carries the accessible name.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

export function Icon({ children, className, ...props }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ? `icon ${className}` : "icon"}
      {...props}
    >
      {children}
    </svg>
  );
}

export function PersonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8.5" r="3.75" />
      <path d="M4.75 20c.9-3.6 3.8-5.5 7.25-5.5s6.35 1.9 7.25 5.5" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

export function ExternalLinkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 4h6v6" />
      <path d="M20 4 11 13" />
      <path d="M18 14v4.5A1.5 1.5 0 0 1 16.5 20h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10" />
    </Icon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 4.5H6.5A1.5 1.5 0 0 0 5 6v12a1.5 1.5 0 0 0 1.5 1.5H14" />
      <path d="M10 12h10" />
      <path d="m16.5 8.5 3.5 3.5-3.5 3.5" />
    </Icon>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17" />
      <path d="M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5S9.7 5.9 12 3.5z" />
    </Icon>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10.3 4.6 3.2 17a2 2 0 0 0 1.7 3h14.2a2 2 0 0 0 1.7-3L13.7 4.6a2 2 0 0 0-3.4 0z" />
      <path d="M12 9.5v4" />
      <path d="M12 16.8h.01" />
    </Icon>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5 5 6.3v5.2c0 4.3 2.9 7.6 7 9 4.1-1.4 7-4.7 7-9V6.3z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </Icon>
  );
}

export function KeyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="m11 12 8.5-8.5M16 7l2.5 2.5M14 9l2 2" />
    </Icon>
  );
}

export function TranslateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6h9M8.5 4v2c0 4-2 7-4.5 8.5" />
      <path d="M6.5 10c1.2 2 3 3.4 5 4.2" />
      <path d="m12.5 20 3.8-9 3.7 9M13.8 17h5" />
    </Icon>
  );
}

/** Brand marks drawn as simple filled shapes; the link around each names the service. */
function BrandIcon({ children, className, ...props }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className ? `icon ${className}` : "icon"}
      {...props}
    >
      {children}
    </svg>
  );
}

export function XBrandIcon(props: IconProps) {
  return (
    <BrandIcon {...props}>
      <path d="M4 4h4.6l4.1 5.6L17.6 4h2.1l-6 7 6.5 9h-4.6l-4.4-6-5.2 6H3.9l6.4-7.4z" />
    </BrandIcon>
  );
}

export function FacebookBrandIcon(props: IconProps) {
  return (
    <BrandIcon {...props}>
      <path d="M13.5 21v-7.2h2.6l.4-3h-3V8.9c0-.9.3-1.5 1.6-1.5h1.5V4.7c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z" />
    </BrandIcon>
  );
}

export function InstagramBrandIcon(props: IconProps) {
  return (
    <BrandIcon {...props}>
      <path
        fillRule="evenodd"
        d="M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 1.8A3.2 3.2 0 0 0 4.8 8v8A3.2 3.2 0 0 0 8 19.2h8a3.2 3.2 0 0 0 3.2-3.2V8A3.2 3.2 0 0 0 16 4.8zm4 3a4.2 4.2 0 1 1 0 8.4 4.2 4.2 0 0 1 0-8.4zm0 1.8a2.4 2.4 0 1 0 0 4.8 2.4 2.4 0 0 0 0-4.8zM16.6 6.3a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2z"
      />
    </BrandIcon>
  );
}

export function LineBrandIcon(props: IconProps) {
  return (
    <BrandIcon {...props}>
      <path d="M12 3.5c-5 0-9 3.2-9 7.2 0 3.6 3.2 6.6 7.5 7.1.6.1.7.4.6 1l-.2 1.3c0 .4.3.7.7.5 2.6-1.3 6.6-4.2 8.3-6.6.8-1.1 1.1-2.2 1.1-3.3 0-4-4-7.2-9-7.2zM7.6 13.2H5.9a.5.5 0 0 1-.5-.5V9.3a.5.5 0 0 1 1 0v2.9h1.2a.5.5 0 0 1 0 1zm1.8-.5a.5.5 0 0 1-1 0V9.3a.5.5 0 0 1 1 0zm4.2 0a.5.5 0 0 1-.9.3l-1.7-2.3v2a.5.5 0 0 1-1 0V9.3a.5.5 0 0 1 .9-.3l1.7 2.3v-2a.5.5 0 0 1 1 0zm2.9-2.2a.5.5 0 0 1 0 1h-1.2v.7h1.2a.5.5 0 0 1 0 1h-1.7a.5.5 0 0 1-.5-.5V9.3a.5.5 0 0 1 .5-.5h1.7a.5.5 0 0 1 0 1h-1.2v.7z" />
    </BrandIcon>
  );
}
