//! The demo catalogue: the category tree (three levels), what each leaf's products are called and
//! cost, and the industrial belts with the industry their shops are in.

/// A leaf category with what its products look like.
pub struct Leaf {
    /// Its name.
    pub name: &'static str,
    /// What products are counted in.
    pub unit: &'static str,
    /// The lowest price range, fen.
    pub price: (i64, i64),
    /// Product names of the leaf.
    pub goods: &'static [&'static str],
}

/// A second-level category.
pub struct Mid {
    /// Its name.
    pub name: &'static str,
    /// Its leaves.
    pub leaves: &'static [Leaf],
}

/// A top-level category and the industry word of its shops' names.
pub struct Top {
    /// Its name.
    pub name: &'static str,
    /// An antd icon name.
    pub icon: &'static str,
    /// The industry in a shop's name (`服饰`).
    pub industry: &'static str,
    /// Its children.
    pub mids: &'static [Mid],
}

const fn leaf(
    name: &'static str,
    unit: &'static str,
    price: (i64, i64),
    goods: &'static [&'static str],
) -> Leaf {
    Leaf {
        name,
        unit,
        price,
        goods,
    }
}

/// The tree, in display order.
pub const TREE: &[Top] = &[
    Top {
        name: "纺织服装",
        icon: "SkinOutlined",
        industry: "服饰",
        mids: &[
            Mid {
                name: "女装",
                leaves: &[
                    leaf(
                        "连衣裙",
                        "件",
                        (3_500, 19_900),
                        &["法式碎花雪纺连衣裙", "收腰显瘦针织连衣裙", "纯棉宽松衬衫裙"],
                    ),
                    leaf(
                        "T恤",
                        "件",
                        (1_200, 5_900),
                        &["纯棉圆领短袖T恤", "印花宽松T恤", "莫代尔打底T恤"],
                    ),
                    leaf(
                        "针织衫",
                        "件",
                        (2_800, 12_800),
                        &["羊毛混纺开衫", "V领套头针织衫", "短款毛衣外套"],
                    ),
                    leaf(
                        "半身裙",
                        "件",
                        (2_500, 9_900),
                        &["高腰A字半身裙", "百褶中长裙", "牛仔包臀裙"],
                    ),
                ],
            },
            Mid {
                name: "男装",
                leaves: &[
                    leaf(
                        "衬衫",
                        "件",
                        (3_000, 12_900),
                        &["免烫商务长袖衬衫", "纯棉牛津纺衬衫", "亚麻休闲衬衫"],
                    ),
                    leaf(
                        "夹克",
                        "件",
                        (8_000, 29_900),
                        &["立领工装夹克", "防风冲锋衣", "棒球服外套"],
                    ),
                    leaf(
                        "休闲裤",
                        "件",
                        (3_500, 13_900),
                        &["弹力修身休闲裤", "工装束脚裤", "直筒西裤"],
                    ),
                    leaf(
                        "POLO衫",
                        "件",
                        (2_500, 8_900),
                        &["珠地棉POLO衫", "速干运动POLO衫", "企业工作服POLO衫"],
                    ),
                ],
            },
            Mid {
                name: "童装",
                leaves: &[
                    leaf(
                        "儿童套装",
                        "套",
                        (3_000, 11_900),
                        &["纯棉儿童家居服套装", "卫衣卫裤两件套", "校服运动套装"],
                    ),
                    leaf(
                        "婴儿连体衣",
                        "件",
                        (1_800, 6_900),
                        &["新生儿纯棉连体衣", "A类哈衣爬服", "夹棉保暖连体衣"],
                    ),
                    leaf(
                        "儿童外套",
                        "件",
                        (4_500, 16_900),
                        &["加绒儿童冲锋衣", "轻薄羽绒服", "儿童牛仔外套"],
                    ),
                ],
            },
        ],
    },
    Top {
        name: "鞋靴箱包",
        icon: "ShoppingOutlined",
        industry: "鞋业",
        mids: &[
            Mid {
                name: "女鞋",
                leaves: &[
                    leaf(
                        "单鞋",
                        "双",
                        (3_500, 15_900),
                        &["方头低跟单鞋", "软底乐福鞋", "尖头高跟鞋"],
                    ),
                    leaf(
                        "运动鞋",
                        "双",
                        (4_500, 19_900),
                        &["透气网面跑步鞋", "厚底老爹鞋", "小白板鞋"],
                    ),
                    leaf(
                        "靴子",
                        "双",
                        (8_000, 29_900),
                        &["真皮切尔西靴", "加绒雪地靴", "过膝长靴"],
                    ),
                ],
            },
            Mid {
                name: "男鞋",
                leaves: &[
                    leaf(
                        "皮鞋",
                        "双",
                        (8_000, 39_900),
                        &["头层牛皮商务皮鞋", "布洛克雕花皮鞋", "软底工作鞋"],
                    ),
                    leaf(
                        "休闲鞋",
                        "双",
                        (4_000, 16_900),
                        &["飞织一脚蹬", "帆布休闲鞋", "户外徒步鞋"],
                    ),
                ],
            },
            Mid {
                name: "箱包",
                leaves: &[
                    leaf(
                        "双肩包",
                        "个",
                        (3_000, 15_900),
                        &["商务电脑双肩包", "学生书包", "户外登山包"],
                    ),
                    leaf(
                        "拉杆箱",
                        "个",
                        (9_000, 49_900),
                        &["PC铝框拉杆箱", "20寸登机箱", "万向轮行李箱"],
                    ),
                    leaf(
                        "女士手提包",
                        "个",
                        (4_500, 29_900),
                        &["头层牛皮托特包", "链条斜挎包", "编织手提包"],
                    ),
                ],
            },
        ],
    },
    Top {
        name: "家居家具",
        icon: "HomeOutlined",
        industry: "家具",
        mids: &[
            Mid {
                name: "客厅家具",
                leaves: &[
                    leaf(
                        "沙发",
                        "套",
                        (120_000, 980_000),
                        &["意式极简真皮沙发", "科技布三人位沙发", "布艺转角沙发"],
                    ),
                    leaf(
                        "茶几",
                        "张",
                        (35_000, 260_000),
                        &["岩板茶几", "实木圆形茶几", "钢化玻璃茶几"],
                    ),
                    leaf(
                        "电视柜",
                        "个",
                        (45_000, 320_000),
                        &["悬浮电视柜", "胡桃木地柜", "伸缩电视柜"],
                    ),
                ],
            },
            Mid {
                name: "卧室家具",
                leaves: &[
                    leaf(
                        "实木床",
                        "张",
                        (150_000, 880_000),
                        &["北美白橡木双人床", "新中式实木床", "儿童高低床"],
                    ),
                    leaf(
                        "床垫",
                        "张",
                        (80_000, 560_000),
                        &["独立弹簧乳胶床垫", "椰棕硬床垫", "记忆棉床垫"],
                    ),
                    leaf(
                        "衣柜",
                        "个",
                        (120_000, 690_000),
                        &["推拉门衣柜", "板式组合衣柜", "开放式衣帽间"],
                    ),
                ],
            },
            Mid {
                name: "办公家具",
                leaves: &[
                    leaf(
                        "办公椅",
                        "把",
                        (18_000, 150_000),
                        &["人体工学网椅", "真皮老板椅", "会议椅"],
                    ),
                    leaf(
                        "办公桌",
                        "张",
                        (40_000, 360_000),
                        &["员工工位卡座", "电动升降桌", "实木班台"],
                    ),
                    leaf(
                        "文件柜",
                        "个",
                        (30_000, 160_000),
                        &["钢制文件柜", "移动抽屉柜", "密集架"],
                    ),
                ],
            },
        ],
    },
    Top {
        name: "数码电子",
        icon: "MobileOutlined",
        industry: "电子",
        mids: &[
            Mid {
                name: "手机配件",
                leaves: &[
                    leaf(
                        "数据线",
                        "条",
                        (300, 2_500),
                        &["Type-C快充数据线", "编织三合一数据线", "苹果MFi认证线"],
                    ),
                    leaf(
                        "充电器",
                        "个",
                        (900, 8_900),
                        &["65W氮化镓充电器", "PD20W快充头", "多口桌面充电站"],
                    ),
                    leaf(
                        "手机壳",
                        "个",
                        (250, 3_500),
                        &["液态硅胶手机壳", "磁吸透明手机壳", "防摔气囊壳"],
                    ),
                ],
            },
            Mid {
                name: "电脑周边",
                leaves: &[
                    leaf(
                        "键盘",
                        "个",
                        (3_500, 39_900),
                        &["机械键盘", "无线静音键盘", "蓝牙折叠键盘"],
                    ),
                    leaf(
                        "鼠标",
                        "个",
                        (1_500, 19_900),
                        &["无线静音鼠标", "电竞RGB鼠标", "人体工学垂直鼠标"],
                    ),
                    leaf(
                        "显示器支架",
                        "个",
                        (4_000, 29_900),
                        &["双屏显示器支架", "气压式机械臂", "桌面增高架"],
                    ),
                ],
            },
            Mid {
                name: "电子元器件",
                leaves: &[
                    leaf(
                        "电容",
                        "千只",
                        (800, 12_000),
                        &["贴片陶瓷电容", "铝电解电容", "钽电容"],
                    ),
                    leaf(
                        "电阻",
                        "千只",
                        (300, 5_000),
                        &["0603贴片电阻", "金属膜电阻", "水泥电阻"],
                    ),
                    leaf(
                        "连接器",
                        "千只",
                        (2_000, 45_000),
                        &["板对板连接器", "USB母座", "接线端子"],
                    ),
                ],
            },
            Mid {
                name: "智能设备",
                leaves: &[
                    leaf(
                        "蓝牙耳机",
                        "副",
                        (3_900, 29_900),
                        &["降噪真无线蓝牙耳机", "骨传导运动耳机", "挂脖式蓝牙耳机"],
                    ),
                    leaf(
                        "智能手表",
                        "块",
                        (9_900, 59_900),
                        &["心率血氧智能手表", "儿童电话手表", "运动手环"],
                    ),
                ],
            },
        ],
    },
    Top {
        name: "五金工具",
        icon: "ToolOutlined",
        industry: "五金",
        mids: &[
            Mid {
                name: "手动工具",
                leaves: &[
                    leaf(
                        "扳手",
                        "把",
                        (800, 6_900),
                        &["铬钒钢开口扳手", "活动扳手", "棘轮扳手套装"],
                    ),
                    leaf(
                        "螺丝刀",
                        "把",
                        (300, 4_500),
                        &["精密螺丝刀套装", "磁性十字螺丝刀", "绝缘螺丝刀"],
                    ),
                    leaf("钳子", "把", (900, 5_900), &["老虎钳", "尖嘴钳", "剥线钳"]),
                ],
            },
            Mid {
                name: "电动工具",
                leaves: &[
                    leaf(
                        "电钻",
                        "台",
                        (9_900, 69_900),
                        &["锂电冲击钻", "手电钻套装", "电锤"],
                    ),
                    leaf(
                        "角磨机",
                        "台",
                        (8_900, 39_900),
                        &["无刷角磨机", "多功能切割机", "抛光机"],
                    ),
                ],
            },
            Mid {
                name: "紧固件",
                leaves: &[
                    leaf(
                        "螺丝",
                        "千克",
                        (1_500, 6_000),
                        &["304不锈钢螺丝", "自攻螺丝", "内六角螺栓"],
                    ),
                    leaf(
                        "螺母",
                        "千克",
                        (1_200, 5_500),
                        &["六角螺母", "防松尼龙螺母", "法兰螺母"],
                    ),
                    leaf(
                        "膨胀螺栓",
                        "千克",
                        (1_800, 7_000),
                        &["镀锌膨胀螺栓", "化学锚栓", "内迫式膨胀管"],
                    ),
                ],
            },
        ],
    },
    Top {
        name: "纺织面料",
        icon: "BgColorsOutlined",
        industry: "纺织",
        mids: &[
            Mid {
                name: "棉布",
                leaves: &[
                    leaf(
                        "纯棉坯布",
                        "米",
                        (450, 2_200),
                        &["全棉平纹坯布", "精梳棉府绸", "斜纹棉布"],
                    ),
                    leaf(
                        "帆布",
                        "米",
                        (800, 3_500),
                        &["加厚帆布", "防水涂层帆布", "水洗帆布"],
                    ),
                ],
            },
            Mid {
                name: "化纤面料",
                leaves: &[
                    leaf(
                        "涤纶布",
                        "米",
                        (300, 1_800),
                        &["涤纶春亚纺", "涤纶牛津布", "仿记忆面料"],
                    ),
                    leaf(
                        "尼龙布",
                        "米",
                        (900, 4_200),
                        &["尼龙塔丝隆", "锦纶弹力布", "防绒尼龙布"],
                    ),
                ],
            },
            Mid {
                name: "家纺",
                leaves: &[
                    leaf(
                        "床上四件套",
                        "套",
                        (8_900, 49_900),
                        &["长绒棉四件套", "水洗真丝四件套", "磨毛四件套"],
                    ),
                    leaf(
                        "毛巾",
                        "条",
                        (500, 3_900),
                        &["纯棉加厚毛巾", "酒店浴巾", "珊瑚绒毛巾"],
                    ),
                    leaf(
                        "窗帘",
                        "米",
                        (2_500, 16_900),
                        &["全遮光窗帘", "棉麻纱帘", "电动窗帘布"],
                    ),
                ],
            },
        ],
    },
    Top {
        name: "日用百货",
        icon: "GiftOutlined",
        industry: "日用品",
        mids: &[
            Mid {
                name: "饰品",
                leaves: &[
                    leaf(
                        "耳环",
                        "对",
                        (150, 2_900),
                        &["S925银针耳环", "珍珠耳饰", "法式复古耳夹"],
                    ),
                    leaf(
                        "项链",
                        "条",
                        (500, 6_900),
                        &["钛钢锁骨链", "淡水珍珠项链", "小众设计吊坠"],
                    ),
                    leaf(
                        "发饰",
                        "个",
                        (100, 1_500),
                        &["大号鲨鱼夹", "缎面发圈", "珍珠发卡"],
                    ),
                ],
            },
            Mid {
                name: "玩具",
                leaves: &[
                    leaf(
                        "毛绒玩具",
                        "个",
                        (900, 8_900),
                        &["公仔抱枕", "安抚玩偶", "娃娃机公仔"],
                    ),
                    leaf(
                        "益智积木",
                        "盒",
                        (1_500, 19_900),
                        &["大颗粒积木", "磁力片", "木制拼图"],
                    ),
                ],
            },
            Mid {
                name: "文具",
                leaves: &[
                    leaf(
                        "中性笔",
                        "盒",
                        (600, 3_500),
                        &["0.5mm中性笔", "按动速干笔", "考试专用笔"],
                    ),
                    leaf(
                        "笔记本",
                        "本",
                        (200, 2_500),
                        &["A5活页本", "牛皮纸笔记本", "定制logo记事本"],
                    ),
                ],
            },
            Mid {
                name: "厨房用品",
                leaves: &[
                    leaf(
                        "保温杯",
                        "个",
                        (1_500, 12_900),
                        &["316不锈钢保温杯", "大容量吨吨桶", "车载保温杯"],
                    ),
                    leaf(
                        "锅具",
                        "个",
                        (4_500, 39_900),
                        &["不粘炒锅", "304不锈钢汤锅", "铸铁珐琅锅"],
                    ),
                ],
            },
        ],
    },
    Top {
        name: "食品农产",
        icon: "CoffeeOutlined",
        industry: "食品",
        mids: &[
            Mid {
                name: "茶叶",
                leaves: &[
                    leaf(
                        "绿茶",
                        "千克",
                        (16_000, 120_000),
                        &["明前龙井", "碧螺春", "信阳毛尖"],
                    ),
                    leaf(
                        "红茶",
                        "千克",
                        (12_000, 90_000),
                        &["正山小种", "金骏眉", "滇红"],
                    ),
                    leaf(
                        "乌龙茶",
                        "千克",
                        (15_000, 98_000),
                        &["安溪铁观音", "大红袍", "凤凰单丛"],
                    ),
                ],
            },
            Mid {
                name: "干货",
                leaves: &[
                    leaf(
                        "红枣",
                        "千克",
                        (1_600, 6_000),
                        &["新疆若羌灰枣", "和田骏枣", "无核红枣"],
                    ),
                    leaf(
                        "核桃",
                        "千克",
                        (2_000, 7_000),
                        &["新疆纸皮核桃", "云南薄壳核桃", "核桃仁"],
                    ),
                    leaf(
                        "香菇",
                        "千克",
                        (4_000, 16_000),
                        &["花菇", "椴木香菇", "香菇干片"],
                    ),
                ],
            },
            Mid {
                name: "调味品",
                leaves: &[
                    leaf(
                        "酱油",
                        "箱",
                        (4_800, 16_800),
                        &["特级生抽", "零添加酱油", "酿造老抽"],
                    ),
                    leaf(
                        "火锅底料",
                        "箱",
                        (6_000, 24_000),
                        &["牛油火锅底料", "清油火锅底料", "番茄火锅底料"],
                    ),
                ],
            },
        ],
    },
];

/// An industrial belt: where it is and which top category (index into [`TREE`]) its shops sell.
pub struct Belt {
    /// Its name.
    pub name: &'static str,
    /// Province.
    pub province: &'static str,
    /// City.
    pub city: &'static str,
    /// What it is known for.
    pub description: &'static str,
    /// The top category of its shops.
    pub top: usize,
}

/// The belts.
pub const BELTS: &[Belt] = &[
    Belt {
        name: "义乌小商品产业带",
        province: "浙江",
        city: "义乌",
        description: "全球最大的小商品集散地，饰品、玩具、文具、日用百货应有尽有",
        top: 6,
    },
    Belt {
        name: "佛山家具产业带",
        province: "广东",
        city: "佛山",
        description: "乐从、龙江家具城所在地，软体与板式家具全产业链",
        top: 2,
    },
    Belt {
        name: "东莞电子产业带",
        province: "广东",
        city: "东莞",
        description: "消费电子与元器件制造重镇，配套齐全、交期快",
        top: 3,
    },
    Belt {
        name: "绍兴柯桥纺织产业带",
        province: "浙江",
        city: "绍兴",
        description: "中国轻纺城，化纤与棉布面料交易中心",
        top: 5,
    },
    Belt {
        name: "晋江鞋业产业带",
        province: "福建",
        city: "晋江",
        description: "运动鞋与休闲鞋制造基地，众多品牌代工厂聚集",
        top: 1,
    },
    Belt {
        name: "广州白云皮具产业带",
        province: "广东",
        city: "广州",
        description: "狮岭皮具城，箱包、手袋设计与生产一体",
        top: 1,
    },
    Belt {
        name: "永康五金产业带",
        province: "浙江",
        city: "永康",
        description: "中国五金之都，电动工具、手动工具与门业集群",
        top: 4,
    },
    Belt {
        name: "深圳华强北电子产业带",
        province: "广东",
        city: "深圳",
        description: "电子元器件与智能硬件的交易与研发中心",
        top: 3,
    },
    Belt {
        name: "杭州四季青女装产业带",
        province: "浙江",
        city: "杭州",
        description: "女装批发与原创设计集中地，款式更新快",
        top: 0,
    },
    Belt {
        name: "南通家纺产业带",
        province: "江苏",
        city: "南通",
        description: "叠石桥家纺城，床品、毛巾、窗帘一站式采购",
        top: 5,
    },
    Belt {
        name: "湖州织里童装产业带",
        province: "浙江",
        city: "湖州",
        description: "中国童装之都，年产童装超十亿件",
        top: 0,
    },
    Belt {
        name: "安溪茶叶产业带",
        province: "福建",
        city: "泉州",
        description: "铁观音原产地，茶园直供，兼营红茶、绿茶",
        top: 7,
    },
];
