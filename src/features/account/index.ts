export { AccountView } from './components/AccountView';
export { useLogout } from './hooks/useLogout';
