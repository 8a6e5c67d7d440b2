// Cash and bank screens (§2, docs/screens.md#billing-and-finance), one file each in cash/:
// the till of a day, the expense and injection lists, the month's starting bases and the
// cash and bank journal. The registry loads them from here.
export { CashFund } from './cash/CashFund';
export { ExpensesList, InjectionsList } from './cash/MovementList';
export { StartingBase } from './cash/StartingBase';
export { CashAndBankJournal } from './cash/CashAndBankJournal';
