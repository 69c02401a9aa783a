export { LoginForm } from './components/LoginForm';
export { RegisterForm } from './components/RegisterForm';
export { ForgetForm } from './components/ForgetForm';
export { AreaPicker } from './components/AreaPicker';
export { inviteCodeFromSearch } from './model/invite';
export { selectedAreaAtom, areaAtom, type SelectedArea } from './state/area';
