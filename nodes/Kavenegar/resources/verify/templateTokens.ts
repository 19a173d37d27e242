import { checkedField, type CheckedField } from '../../operationParts/fields/checked';
import { invalidInput } from '../../operationParts/rules/inputErrors';
import { wrongTypeRule } from '../../operationParts/rules/valueRules';
import type { ParamRule } from '../../operationParts/wireParams';

/**
 * The service splits the template on whitespace and `_`, so such a token is refused (431);
 * token10 and token20 are the long tokens that may hold spaces.
 */
export function token(name: string, field: string, spacesAllowed = false): ParamRule {
	const forbidden = spacesAllowed ? /[\r\n_]/ : /[\s_]/;
	const rule = spacesAllowed ? 'must not contain new lines or "_"' : 'must not contain spaces, new lines or "_"';
	return function (params) {
		if (params[name] === undefined) return;
		const wrongType = wrongTypeRule(params[name]);
		if (wrongType) throw invalidInput(this, field, wrongType);
		if (forbidden.test(String(params[name]))) throw invalidInput(this, field, rule);
	};
}

/** Token 2, 3, 10 or 20 (`tokenN`): the long ones, 10 and 20, may hold spaces. */
function moreToken(n: number): CheckedField {
	const spacesAllowed = n >= 10;
	return checkedField(
		`token${n}`,
		{
			displayName: `Token ${n}`,
			name: `value${n}`,
			type: 'string',
			default: '',
			description: spacesAllowed
				? `Value for %token${n} in the template; may contain spaces, but no new lines or "_"`
				: `Value for %token${n} in the template: no spaces, new lines or "_"`,
		},
		(wireName, label) => token(wireName, label, spacesAllowed),
	);
}

export const [token2, token3, token10, token20] = [2, 3, 10, 20].map(moreToken);
