// The years a screen offers to choose (spec §9 (docs/constants.md) « Year choices 2018 to current year + 2 »):
// statements, INSEE and tax declarations. A value already chosen outside them stays listed.
export const FIRST_CHOICE_YEAR = 2018;

export function yearChoices(currentYear: number, keep?: number): number[] {
  const years: number[] = [];
  for (let y = FIRST_CHOICE_YEAR; y <= currentYear + 2; y++) years.push(y);
  if (keep !== undefined && Number.isInteger(keep) && !years.includes(keep)) years.push(keep);
  return years.sort((a, b) => a - b);
}
