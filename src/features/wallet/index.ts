import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('wallet');

export { AssetsView } from './components/AssetsView';
export { SignedIn } from './components/SignedIn';
export { TransferForm } from './components/TransferForm';
export { NavText } from './components/NavText';
export { LedgerRecords, type KindLabels } from './components/LedgerRecords';
export { ACCOUNT_LABELS } from './model/labels';
export { TransferHistory } from './components/TransferHistory';
export { FundRecords } from './components/FundRecords';
export { CoinSelect } from './components/CoinSelect';
export { NetworkSelect } from './components/NetworkSelect';
export { selectNext } from './model/networks';
export { ReceiveView } from './components/ReceiveView';
export { WithdrawForm } from './components/WithdrawForm';
export { PayPasswordForm } from './components/PayPasswordForm';
export { BankCardForm } from './components/BankCardForm';
export { AddressBook } from './components/AddressBook';
export { AddAddressForm } from './components/AddAddressForm';
export { ExchangeForm } from './components/ExchangeForm';
