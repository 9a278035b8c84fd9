import type { SVGProps } from 'react';

// Icons the shared kit does not have yet; same 24px stroke style as src/ui/icons.

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function GoalIcon({ size = 16, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const DragHandleIcon = (props: IconProps) => (
  <GoalIcon {...props}>
    <circle cx="9" cy="6" r="1" />
    <circle cx="15" cy="6" r="1" />
    <circle cx="9" cy="12" r="1" />
    <circle cx="15" cy="12" r="1" />
    <circle cx="9" cy="18" r="1" />
    <circle cx="15" cy="18" r="1" />
  </GoalIcon>
);

export const ArrowUpIcon = (props: IconProps) => (
  <GoalIcon {...props}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </GoalIcon>
);

export const ArrowDownIcon = (props: IconProps) => (
  <GoalIcon {...props}>
    <path d="M12 5v14M19 12l-7 7-7-7" />
  </GoalIcon>
);

export const CloseIcon = (props: IconProps) => (
  <GoalIcon {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </GoalIcon>
);
