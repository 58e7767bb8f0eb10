import type { ComponentType } from 'react';
import type { ScreenModule } from '../../app/lazy-screen';
import { loadStrings } from '../../lib/i18n';
import ItemLogScreen from './item-log';
import LevelsScreen from './levels';
import { IssuedScreen, LossesScreen } from './movements-list';

const screens: Record<StoreScreen, ComponentType> = {
  Levels: LevelsScreen,
  ItemLog: ItemLogScreen,
  Issued: IssuedScreen,
  Losses: LossesScreen,
};
export type StoreScreen = 'Levels' | 'ItemLog' | 'Issued' | 'Losses';

/** A screen with its strings loaded: the store's own and the fees desk's (the reason dialog). */
export async function withStrings(name: StoreScreen): Promise<ScreenModule> {
  await Promise.all(['store', 'fees-desk'].map((ns) => loadStrings(ns)));
  return { default: screens[name] };
}
