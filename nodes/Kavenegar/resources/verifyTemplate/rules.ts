import { matches } from '../../shared/valueRules';
import type { ParamRule } from '../../shared/wireParams';

/** Template names are what Send Code refers to, so the service keeps them plain. */
export function templateNameRule(name: string, field: string): ParamRule {
	return matches(name, field, /^[A-Za-z0-9]+$/, 'English letters and digits only, without spaces or "_"');
}

export function templateIdRule(name: string, field: string): ParamRule {
	return matches(name, field, /^\d+$/, 'must be a numeric template ID, such as 1234');
}
