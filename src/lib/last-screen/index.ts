export * from './format';
export { clearLastScreens, saveLastScreen, type SaveOutcome } from './store';
export { captureRoot, removeLastScreen, styleSheetsOf, usedRules } from './capture';
