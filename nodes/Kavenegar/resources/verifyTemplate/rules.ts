import { matches } from '../../operationParts/rules/valueRules';
import type { ParamRule } from '../../operationParts/wireParams';

/**
 * The contract's rule for template names: English, no spaces, no `_` (Send Code's tokens have the
 * same ban, 431). Printable ASCII without those two, so `login-code` is a name.
 */
export function templateNameRule(name: string, field: string): ParamRule {
	return matches(name, field, /^[!-^`-~]+$/, 'must be written in English (Latin letters, digits and signs such as "-"), without spaces or "_"');
}
