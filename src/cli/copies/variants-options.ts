import type { VariantsRequest } from '../../domain/copies/types.js';
import { CliError, EXIT } from '../errors.js';

/** `wm copies issue`'s visible variants (docs/TRACING.md, "Visible variants"): off unless --variants. */
export interface VariantsOptions {
  variants?: boolean;
  /** comma-separated class ids */
  classes?: string;
  colluders?: number;
  dryRun?: boolean;
}

/**
 * The variants request, or undefined for plain marked copies. The classes and the collusion level are
 * checked where every face's are (the domain), which names the known classes and the range.
 */
export function variantsRequestOf(options: VariantsOptions): VariantsRequest | undefined {
  const { variants, classes, colluders, dryRun } = options;
  if (!variants) {
    const alone = [
      classes !== undefined && '--classes',
      colluders !== undefined && '--colluders',
      dryRun && '--dry-run',
    ].filter(Boolean);
    if (alone.length > 0)
      throw new CliError(EXIT.USAGE, `${alone.join(', ')} shape visible variant copies: add --variants`);
    return undefined;
  }
  return {
    ...(classes !== undefined && {
      classes: classes
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    }),
    ...(colluders !== undefined && { collusion: colluders }),
  };
}
