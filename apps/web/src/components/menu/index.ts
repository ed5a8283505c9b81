export { Menu, type MenuProps } from './menu.tsx';
