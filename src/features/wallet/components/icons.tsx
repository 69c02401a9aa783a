/**
 * Line icons of the wallet screens, drawn here rather than taken from antd-mobile-icons: the home
 * page uses those same icons, and sharing them would split them out of its chunk into extra
 * files that every start then loads.
 */
const Svg = ({ d }: { d: string }) => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
  >
    <path d={d} />
  </svg>
);

export const InIcon = () => <Svg d="M12 4v11m-5-5 5 5 5-5M5 20h14" />;
export const OutIcon = () => <Svg d="M12 15V4M7 9l5-5 5 5M5 20h14" />;
export const TransferIcon = () => <Svg d="M4 8h14l-4-4M20 16H6l4 4" />;
export const SwapIcon = () => <Svg d="M8 4v14l-4-4M16 20V6l4 4" />;
