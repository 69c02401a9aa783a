export { HomeContentPlace, HomePage } from './HomePage';
