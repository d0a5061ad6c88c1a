import { supportsColor } from 'chalk';

/**
 * The colour level of terminal output: none for files and pipes, and none when NO_COLOR is set to anything
 * (https://no-color.org; chalk itself ignores it, and it wins over FORCE_COLOR here).
 */
export function colourLevel(toFile: boolean): 0 | 1 | 2 | 3 {
  const noColor = process.env.NO_COLOR;
  if (toFile || (noColor !== undefined && noColor !== '')) return 0;
  return supportsColor ? supportsColor.level : 0;
}
