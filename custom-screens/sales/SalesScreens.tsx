// Sales screens beside the till, one file each: the registers to open a till on
// (/sale-cash-register-list), one ticket as issued (/vente-annexe/{saleId}) and the sales
// checks. The registry loads them from here.
export { RegisterList } from './RegisterList';
export { SaleScreen } from './sale/SaleScreen';
export { TicketsPaymentCheck, CheckSales } from './SalesChecks';
