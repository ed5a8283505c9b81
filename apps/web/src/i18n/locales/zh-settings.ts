import type { SettingsDictionary } from './en-settings.ts';

/** Chinese texts of the Settings section (`/setting`). */
export const zhSettings: SettingsDictionary = {
  loading: '正在加载设置…',
  loadFailed: '无法加载设置。',
  retry: '重试',
  calibration: '校准',
  ppm: '默认 PPM',
  ppmHint: '用于测量未绘制标尺的影像的每毫米像素数。留空则这些影像保持未校准，长度以 px 显示。影像上绘制的标尺始终优先。',
  ppmPlaceholder: '例如 10',
  ppmUnit: 'px/mm',
  display: '查看器显示',
  displayHint: '打开查看器时图表显示的图层。仍可在查看器中随时切换。',
  layers: {
    xray: 'X 光片',
    landmark: '标志点',
    tracing: '描迹线',
    plane: '参考平面',
  },
  behaviour: {
    autoZoom: '打开查看器时自动放大',
    autoMeasurement: '在轮廓图上自动测量',
  },
  tissue: '组织轮廓',
  hardTissue: '硬组织',
  softTissue: '软组织',
  color: '颜色',
  size: '大小',
  sizeHint: '颜色和线条大小（0 至 100）。',
  notSet: '未设置',
  errors: {
    ppmFormat: '请输入最多两位小数的数字，例如 10 或 10.25。',
    ppmRange: '请输入大于 0 且不超过 1000 的数字。',
    sizeRange: '请输入 0 至 100 之间的大小。',
    color: '请选择颜色。',
  },
  save: '保存',
  saving: '正在保存…',
  saveFailed: '无法保存设置，请重试。',
  savedTitle: '设置已保存',
  savedText: '今后查看器将以这些设置打开。',
};
