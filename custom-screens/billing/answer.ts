// The answer of a route whose response schema is still vague: admin/src/rest.ts' answerAs,
// where the other screens find it too.
export { answerAs } from '../../admin/src/rest';
