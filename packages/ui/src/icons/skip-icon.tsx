import { Icon, type IconProps } from './icon';

/** An arrow turning back or forward (rewind, forward), with the seconds it skips written over it when given. */
export function skipIcon(path: string) {
  return function SkipIcon({ seconds, ...props }: IconProps & { seconds?: number }) {
    return (
      <Icon {...props}>
        <path d={path} />
        {seconds !== undefined && (
          <text x="12" y="16.2" fontSize="7.5" fontWeight="700" textAnchor="middle" fontFamily="system-ui, sans-serif">
            {seconds}
          </text>
        )}
      </Icon>
    );
  };
}
