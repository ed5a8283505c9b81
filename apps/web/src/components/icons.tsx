import type { SVGProps } from 'react';

/** Inline stroke icons (24 x 24 grid). Decorative: the button around them carries the label. */
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const ArrowLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19 12H5" />
    <path d="m12 19-7-7 7-7" />
  </Icon>
);

export const ManualIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 19.5V5a2 2 0 0 1 2-2h12v16H6a2 2 0 0 0-2 2Z" />
    <path d="M12 7v6" />
    <path d="m9.5 10.5 2.5 2.5 2.5-2.5" />
  </Icon>
);

export const SettingsIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="3" />
    <path
      d={
        'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 ' +
        '0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 ' +
        '1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 ' +
        '1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 ' +
        '1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 ' +
        '2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z'
      }
    />
  </Icon>
);

export const GlobeIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18" />
    <path d="M12 3a14 14 0 0 1 0 18 14 14 0 0 1 0-18Z" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

export const CheckIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="M20 6 9 17l-5-5" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </Icon>
);

export const SignOutIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5" />
    <path d="M21 12H9" />
  </Icon>
);

export const SuccessIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </Icon>
);

export const WarningIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4" />
    <path d="M12 17h.01" />
  </Icon>
);

export const InfoIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5" />
    <path d="M12 8h.01" />
  </Icon>
);

export const ErrorIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m15 9-6 6" />
    <path d="m9 9 6 6" />
  </Icon>
);

export const OfflineIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m2 2 20 20" />
    <path d="M8.5 16.5a5 5 0 0 1 7 0" />
    <path d="M2 8.8a15 15 0 0 1 4.2-2.7" />
    <path d="M10.7 5.1A15 15 0 0 1 22 8.8" />
    <path d="M5 12.9a10 10 0 0 1 5.2-2.8" />
    <path d="M16.8 11.7a10 10 0 0 1 2.2 1.2" />
    <path d="M12 20h.01" />
  </Icon>
);

export const MonitorIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2" y="3" width="20" height="14" rx="2" />
    <path d="M8 21h8" />
    <path d="M12 17v4" />
  </Icon>
);

export const BrowserIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M3 9h18" />
    <path d="M7 6.5h.01" />
    <path d="M10 6.5h.01" />
  </Icon>
);

/** The Ceppro mark: a stylised lateral skull profile inside a rounded square. */
export const LogoMark = (p: IconProps) => (
  <svg width={26} height={26} viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...p}>
    <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
    <path
      d="M11 24v-4.5c-2.2-1.3-3.5-3.7-3.5-6.5a8.5 8.5 0 0 1 17 0c0 1.3-.3 2.2-.8 3l1.8 3.2-2 .6V22a2 2 0 0 1-2 2H11Z"
      fill="none"
      stroke="#fff"
      strokeWidth={2}
      strokeLinejoin="round"
    />
    <circle cx="17.5" cy="12.5" r="1.6" fill="#fff" />
  </svg>
);

export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);

export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14" />
    <path d="M5 12h14" />
  </Icon>
);

export const ImageIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
  </Icon>
);

export const EditIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </Icon>
);

export const TrashIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="M3 6h18" />
    <path d="M8 6V4a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v2" />
    <path d="M19 6 18 20a2 2 0 0 1-2 1H8a2 2 0 0 1-2-1L5 6" />
    <path d="M10 11v6" />
    <path d="M14 11v6" />
  </Icon>
);

export const SwapIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="M17 3v12" />
    <path d="m21 11-4 4-4-4" />
    <path d="M7 21V9" />
    <path d="m3 13 4-4 4 4" />
  </Icon>
);

export const ChevronLeftIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);

export const ChevronRightIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);

export const ChevronsLeftIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="m11 17-5-5 5-5" />
    <path d="m18 17-5-5 5-5" />
  </Icon>
);

export const ChevronsRightIcon = (p: IconProps) => (
  <Icon width={16} height={16} {...p}>
    <path d="m13 17 5-5-5-5" />
    <path d="m6 17 5-5-5-5" />
  </Icon>
);

/** Sort direction marker for table headers: both arrows faint when unsorted. */
export const SortIcon = ({ order, ...p }: Omit<IconProps, 'order'> & { order: 'asc' | 'desc' | null }) => (
  <Icon width={14} height={14} {...p}>
    <path d="m7 10 5-5 5 5" opacity={order === 'desc' ? 0.25 : order === null ? 0.4 : 1} />
    <path d="m7 14 5 5 5-5" opacity={order === 'asc' ? 0.25 : order === null ? 0.4 : 1} />
  </Icon>
);
