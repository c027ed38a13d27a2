// What the product promises, in one place: the seeded accounts (product.md) and the route table of
// the spec (seed-spec §2) with each screen's label and where each route ends up.

/** The accounts the gateway seeds on first start. */
export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@123', nickname: '系统管理员' },
  operator: { username: 'operator', password: 'Operator@123', nickname: '运营小王' },
  noAccess: { username: 'dontHaveAccess', password: 'NoAccess@123', nickname: '无权限用户' },
  service: { username: 'service', password: 'Service@123', nickname: '客服小李' },
};

/** The top-level menu groups (their aliases) each account sees, in order. */
export const TOP_MENUS = {
  admin: ['首页', '基础信息', '运营管理', '系统管理'],
  operator: ['首页', '运营管理'],
  noAccess: [],
  service: ['首页', '基础信息'],
};

/**
 * Every route of seed-spec §2 except /login.
 * kind `page`: renders the screen named `alias` at `path` itself.
 * kind `redirect`: lands on `to` (a page listed here as well).
 * kind `exception`: the antd Result of `status`.
 */
export const SPEC_ROUTES = [
  { path: '/home', kind: 'page', alias: '首页' },
  { path: '/baseMgmt', kind: 'redirect', to: '/baseMgmt/shopMgmt' },
  { path: '/baseMgmt/shopMgmt', kind: 'page', alias: '店铺管理' },
  { path: '/baseMgmt/shopMgmt/shopDetail', kind: 'page', alias: '店铺详情' },
  { path: '/baseMgmt/prodMgmt', kind: 'page', alias: '商品管理' },
  { path: '/baseMgmt/prodMgmt/prodDetail', kind: 'page', alias: '商品详情' },
  { path: '/baseMgmt/classifyMgmt', kind: 'page', alias: '类目管理' },
  { path: '/baseMgmt/userMgmt', kind: 'page', alias: '用户管理' },
  { path: '/baseMgmt/userMgmt/userDetail', kind: 'page', alias: '用户详情' },
  { path: '/baseMgmt/invitationMgmt', kind: 'page', alias: '邀请管理' },
  { path: '/exception', kind: 'redirect', to: '/exception/403' },
  { path: '/exception/403', kind: 'exception', status: '403' },
  { path: '/exception/404', kind: 'exception', status: '404' },
  { path: '/exception/500', kind: 'exception', status: '500' },
  { path: '/operate', kind: 'redirect', to: '/operate/advertise' },
  { path: '/operate/advertise', kind: 'page', alias: '广告管理' },
  { path: '/operate/advertise/advertisePosition', kind: 'page', alias: '广告位管理' },
  { path: '/operate/advertise/advertisePositionDetail', kind: 'page', alias: '广告位详情' },
  { path: '/operate/thematicActivity', kind: 'page', alias: '专题活动' },
  { path: '/operate/thematicDetails', kind: 'page', alias: '专题详情' },
  { path: '/operate/abilityEntry', kind: 'page', alias: '功能入口' },
  { path: '/operate/homeRecommend', kind: 'page', alias: '首页推荐商家' },
  { path: '/operate/inquiryOrders', kind: 'page', alias: '询价单' },
  { path: '/operate/business', kind: 'redirect', to: '/operate/business/toExamine' },
  { path: '/operate/business/toExamine', kind: 'page', alias: '商机审核' },
  { path: '/operate/business/inspect', kind: 'page', alias: '商机查看' },
  { path: '/operate/business/reply', kind: 'page', alias: '商机回复' },
  { path: '/system', kind: 'redirect', to: '/system/user' },
  { path: '/system/user', kind: 'page', alias: '系统用户' },
  { path: '/system/role', kind: 'page', alias: '角色管理' },
  { path: '/system/permission', kind: 'page', alias: '权限管理' },
  { path: '/system/menu', kind: 'page', alias: '菜单管理' },
];

/** The sentences of the exception pages the product fixes (500's is the app's own choice). */
export const EXCEPTION_TEXT = {
  403: '抱歉，您无权访问此页面',
  404: '抱歉，您访问的页面不存在',
  500: '抱歉，服务器出错了',
};

/**
 * The screens (by alias) that have landed. Every other menu screen must show the honest 建设中
 * placeholder naming itself; a landed screen must never fall back to it. The issue that lands a
 * screen adds it here.
 */
export const BUILT_SCREENS = new Set([
  '首页',
  '系统用户',
  '角色管理',
  '权限管理',
  '菜单管理',
  '数据字典',
  '操作日志',
  '商品管理',
  '商品详情',
  '类目管理',
  '用户管理',
  '用户详情',
  '邀请管理',
  '店铺管理',
  '店铺详情',
  '广告位管理',
  '广告位详情',
  '功能入口',
  '产业带',
  '首页推荐商家',
  '广告管理',
  '询价单',
  '商机审核',
  '商机查看',
  '商机回复',
  '专题活动',
  '专题详情',
  '在线用户',
  '登录日志',
]);

/** The base path the app is served under, and its other spelling. */
export const BASE = '/adnuradmin';
export const BASE_VARIANT = '/adnurAdmin';

/** Flattens a menu tree (`{data:{name,alias,visible}, children}`) into `{path, alias, visible, leaf}`. */
export function flattenMenu(nodes, parentPath = '') {
  const out = [];
  for (const node of nodes ?? []) {
    const name = String(node.data?.name ?? '');
    const path = name.startsWith('/')
      ? name
      : name.includes('/') || !parentPath
        ? `/${name}`
        : `${parentPath}/${name}`;
    const children = node.children ?? [];
    out.push({
      path,
      alias: node.data?.alias,
      visible: node.data?.visible,
      leaf: children.length === 0,
    });
    out.push(...flattenMenu(children, path));
  }
  return out;
}
