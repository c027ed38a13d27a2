//! Schema migrations, in code, tracked by `PRAGMA user_version`: migration `i` (1-based) brings a
//! database from version `i - 1` to `i`. Never edit a released migration; append a new one.

use rusqlite::Connection;

use super::search;
use crate::error::AppError;

/// Every migration, oldest first.
pub const MIGRATIONS: &[&str] = &[
    // 1: system users, roles, menus, sessions, login failures, audit log.
    r#"
    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );

    CREATE TABLE sys_role (
        id         INTEGER PRIMARY KEY,
        parent_id  INTEGER REFERENCES sys_role(id),
        name       TEXT NOT NULL,
        remark     TEXT NOT NULL DEFAULT '',
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX sys_role_sibling_name ON sys_role (coalesce(parent_id, 0), name);

    CREATE TABLE sys_user (
        id            INTEGER PRIMARY KEY,
        username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
        nickname      TEXT NOT NULL,
        avatar        TEXT NOT NULL DEFAULT '',
        password_hash TEXT NOT NULL,
        status        TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
        version       INTEGER NOT NULL DEFAULT 1,
        created_at    INTEGER NOT NULL,
        updated_at    INTEGER NOT NULL
    );

    CREATE TABLE sys_user_role (
        user_id INTEGER NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        role_id INTEGER NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, role_id)
    ) WITHOUT ROWID;

    CREATE TABLE sys_menu (
        id         INTEGER PRIMARY KEY,
        parent_id  INTEGER REFERENCES sys_menu(id),
        alias      TEXT NOT NULL,
        name       TEXT NOT NULL,
        icon       TEXT,
        visible    INTEGER NOT NULL DEFAULT 1,
        sort       INTEGER NOT NULL DEFAULT 0,
        access     TEXT,
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX sys_menu_sibling_name ON sys_menu (coalesce(parent_id, 0), name);

    CREATE TABLE sys_role_menu (
        role_id INTEGER NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
        menu_id INTEGER NOT NULL REFERENCES sys_menu(id) ON DELETE CASCADE,
        PRIMARY KEY (role_id, menu_id)
    ) WITHOUT ROWID;

    CREATE TABLE session (
        token_hash  TEXT PRIMARY KEY,
        user_id     INTEGER NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        login_at    INTEGER NOT NULL,
        issued_at   INTEGER NOT NULL,
        last_seen   INTEGER NOT NULL,
        replaced_at INTEGER,
        family      TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX session_user ON session (user_id);
    CREATE INDEX session_family ON session (family);

    CREATE TABLE login_failure (
        id       INTEGER PRIMARY KEY,
        username TEXT NOT NULL COLLATE NOCASE,
        at       INTEGER NOT NULL
    );
    CREATE INDEX login_failure_user_at ON login_failure (username, at);

    CREATE TABLE audit_log (
        id          INTEGER PRIMARY KEY,
        sys_user_id INTEGER,
        username    TEXT NOT NULL,
        api         TEXT NOT NULL,
        target_id   INTEGER,
        summary     TEXT NOT NULL,
        at          INTEGER NOT NULL,
        ip          TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX audit_log_at ON audit_log (at);
    "#,
    // 2: 数据字典. `dict_type`/`dict_key` rather than `type`/`key`, which read like keywords; codes
    // compare case-insensitively so `Shop_Level` cannot shadow `shop_level`.
    r#"
    CREATE TABLE sys_dict (
        id         INTEGER PRIMARY KEY,
        dict_type  TEXT NOT NULL COLLATE NOCASE,
        dict_key   TEXT NOT NULL COLLATE NOCASE,
        label      TEXT NOT NULL,
        value      TEXT NOT NULL,
        sort       INTEGER NOT NULL DEFAULT 0,
        remark     TEXT NOT NULL DEFAULT '',
        status     TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX sys_dict_type_key ON sys_dict (dict_type, dict_key);
    CREATE INDEX sys_dict_type_sort ON sys_dict (dict_type, sort, id);
    "#,
    // 3: 基础信息's parties — industrial belts, members, shops, invitations, inquiries,
    // opportunities with their replies — and every lifecycle record's timeline (state_history).
    // Denormalised counters (`shop.product_count`, `shop.inquiry_count`) are kept by whoever
    // inserts products or inquiries (today only the seed), so the list can sort on them. Indexes
    // serve one filter with the default order (`created_at DESC`) and each sortable column; the
    // tab counts read the status indexes.
    r#"
    CREATE TABLE belt (
        id          INTEGER PRIMARY KEY,
        name        TEXT NOT NULL UNIQUE,
        province    TEXT NOT NULL,
        city        TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        version     INTEGER NOT NULL DEFAULT 1,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
    );
    CREATE INDEX belt_province ON belt (province);

    CREATE TABLE member (
        id            INTEGER PRIMARY KEY,
        nickname      TEXT NOT NULL,
        phone         TEXT NOT NULL UNIQUE,
        avatar        TEXT,
        member_type   TEXT NOT NULL CHECK (member_type IN ('buyer', 'seller')),
        shop_id       INTEGER REFERENCES shop(id),
        inviter_id    INTEGER REFERENCES member(id),
        invite_code   TEXT NOT NULL UNIQUE,
        status        TEXT NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'banned')),
        last_login_at INTEGER,
        version       INTEGER NOT NULL DEFAULT 1,
        created_at    INTEGER NOT NULL,
        updated_at    INTEGER NOT NULL
    );
    CREATE INDEX member_created ON member (created_at);
    CREATE INDEX member_status_created ON member (status, created_at);
    CREATE INDEX member_type_created ON member (member_type, created_at);
    CREATE INDEX member_inviter ON member (inviter_id);

    CREATE TABLE shop (
        id                INTEGER PRIMARY KEY,
        name              TEXT NOT NULL,
        logo              TEXT,
        owner_member_id   INTEGER NOT NULL REFERENCES member(id),
        contact_name      TEXT NOT NULL,
        contact_phone     TEXT NOT NULL,
        province          TEXT NOT NULL,
        city              TEXT NOT NULL,
        belt_id           INTEGER REFERENCES belt(id),
        main_category_ids TEXT NOT NULL DEFAULT '[]',
        level             INTEGER NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 5),
        status            TEXT NOT NULL DEFAULT 'pending'
                          CHECK (status IN ('pending', 'active', 'rejected', 'frozen', 'closed')),
        product_count     INTEGER NOT NULL DEFAULT 0,
        inquiry_count     INTEGER NOT NULL DEFAULT 0,
        version           INTEGER NOT NULL DEFAULT 1,
        created_at        INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL
    );
    -- Every one-filter-and-a-sort of shop.list reads its page in index order (no sort of the
    -- filtered rows, which at 200,000 shops takes tens of milliseconds): for each exact filter F
    -- and sort S an index (F, S) — its entries end in the row id, so it also serves the list's
    -- tie-break `ORDER BY S, id` — and (F) alone for the sort by id; the same without a filter.
    CREATE INDEX shop_created ON shop (created_at);
    CREATE INDEX shop_name ON shop (name);
    CREATE INDEX shop_level ON shop (level);
    CREATE INDEX shop_product_count ON shop (product_count);
    CREATE INDEX shop_status ON shop (status);
    CREATE INDEX shop_status_created ON shop (status, created_at);
    CREATE INDEX shop_status_name ON shop (status, name);
    CREATE INDEX shop_status_level ON shop (status, level);
    CREATE INDEX shop_status_product_count ON shop (status, product_count);
    CREATE INDEX shop_city ON shop (city);
    CREATE INDEX shop_city_created ON shop (city, created_at);
    CREATE INDEX shop_city_name ON shop (city, name);
    CREATE INDEX shop_city_level ON shop (city, level);
    CREATE INDEX shop_city_product_count ON shop (city, product_count);
    CREATE INDEX shop_belt ON shop (belt_id);
    CREATE INDEX shop_belt_created ON shop (belt_id, created_at);
    CREATE INDEX shop_belt_name ON shop (belt_id, name);
    CREATE INDEX shop_belt_level ON shop (belt_id, level);
    CREATE INDEX shop_belt_product_count ON shop (belt_id, product_count);
    CREATE INDEX shop_level_created ON shop (level, created_at);
    CREATE INDEX shop_level_name ON shop (level, name);
    CREATE INDEX shop_level_product_count ON shop (level, product_count);
    CREATE INDEX shop_owner ON shop (owner_member_id);

    -- Shops per (status, city, belt, level), kept by triggers in the shop's own transaction: the
    -- tab counts and totals under the exact filters read a few hundred rows instead of counting a
    -- table of 200,000 (belt 0: none).
    CREATE TABLE shop_tally (
        status  TEXT NOT NULL,
        city    TEXT NOT NULL,
        belt_id INTEGER NOT NULL,
        level   INTEGER NOT NULL,
        n       INTEGER NOT NULL,
        PRIMARY KEY (status, city, belt_id, level)
    ) WITHOUT ROWID;
    CREATE TRIGGER shop_tally_insert AFTER INSERT ON shop BEGIN
        INSERT INTO shop_tally (status, city, belt_id, level, n)
        VALUES (NEW.status, NEW.city, coalesce(NEW.belt_id, 0), NEW.level, 1)
        ON CONFLICT (status, city, belt_id, level) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER shop_tally_update AFTER UPDATE OF status, city, belt_id, level ON shop
    WHEN OLD.status IS NOT NEW.status OR OLD.city IS NOT NEW.city
        OR OLD.belt_id IS NOT NEW.belt_id OR OLD.level IS NOT NEW.level
    BEGIN
        UPDATE shop_tally SET n = n - 1
        WHERE status = OLD.status AND city = OLD.city AND belt_id = coalesce(OLD.belt_id, 0)
            AND level = OLD.level;
        INSERT INTO shop_tally (status, city, belt_id, level, n)
        VALUES (NEW.status, NEW.city, coalesce(NEW.belt_id, 0), NEW.level, 1)
        ON CONFLICT (status, city, belt_id, level) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER shop_tally_delete AFTER DELETE ON shop BEGIN
        UPDATE shop_tally SET n = n - 1
        WHERE status = OLD.status AND city = OLD.city AND belt_id = coalesce(OLD.belt_id, 0)
            AND level = OLD.level;
    END;

    -- Per UTC+8 day (days since 1970-01-01 there): shops registered, and moves into 营业中 less
    -- moves out of it (from the timeline). shop.stats walks the active count back from now over
    -- at most 90 of these rows.
    CREATE TABLE shop_day (
        day          INTEGER PRIMARY KEY,
        new_shops    INTEGER NOT NULL DEFAULT 0,
        active_delta INTEGER NOT NULL DEFAULT 0
    );
    CREATE TRIGGER shop_day_insert AFTER INSERT ON shop BEGIN
        INSERT INTO shop_day (day, new_shops) VALUES ((NEW.created_at + 28800000) / 86400000, 1)
        ON CONFLICT (day) DO UPDATE SET new_shops = new_shops + 1;
    END;
    CREATE TRIGGER shop_day_delete AFTER DELETE ON shop BEGIN
        UPDATE shop_day SET new_shops = new_shops - 1
        WHERE day = (OLD.created_at + 28800000) / 86400000;
    END;

    CREATE TABLE invitation (
        id         INTEGER PRIMARY KEY,
        inviter_id INTEGER NOT NULL REFERENCES member(id),
        invitee_id INTEGER NOT NULL UNIQUE REFERENCES member(id),
        code       TEXT NOT NULL,
        state      TEXT NOT NULL DEFAULT 'registered' CHECK (state IN ('registered', 'shopOpened')),
        reward_fen INTEGER NOT NULL DEFAULT 0,
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX invitation_created ON invitation (created_at);
    CREATE INDEX invitation_inviter_created ON invitation (inviter_id, created_at);
    CREATE INDEX invitation_code ON invitation (code);
    CREATE INDEX invitation_state_created ON invitation (state, created_at);

    CREATE TABLE inquiry (
        id              INTEGER PRIMARY KEY,
        buyer_member_id INTEGER NOT NULL REFERENCES member(id),
        shop_id         INTEGER NOT NULL REFERENCES shop(id),
        product_id      INTEGER REFERENCES product(id),
        quantity        INTEGER NOT NULL,
        expect_price    INTEGER NOT NULL,
        message         TEXT NOT NULL DEFAULT '',
        state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'quoted', 'closed')),
        version         INTEGER NOT NULL DEFAULT 1,
        created_at      INTEGER NOT NULL,
        updated_at      INTEGER NOT NULL
    );
    CREATE INDEX inquiry_created ON inquiry (created_at);
    CREATE INDEX inquiry_shop_created ON inquiry (shop_id, created_at);
    CREATE INDEX inquiry_buyer_created ON inquiry (buyer_member_id, created_at);
    CREATE INDEX inquiry_state_created ON inquiry (state, created_at);

    CREATE TABLE opportunity (
        id              INTEGER PRIMARY KEY,
        buyer_member_id INTEGER NOT NULL REFERENCES member(id),
        title           TEXT NOT NULL,
        description     TEXT NOT NULL DEFAULT '',
        category_id     INTEGER NOT NULL REFERENCES category(id),
        quantity        INTEGER NOT NULL,
        unit            TEXT NOT NULL,
        budget          INTEGER NOT NULL,
        deadline        INTEGER NOT NULL,
        state           TEXT NOT NULL DEFAULT 'pending'
                        CHECK (state IN ('pending', 'approved', 'rejected', 'closed')),
        version         INTEGER NOT NULL DEFAULT 1,
        created_at      INTEGER NOT NULL,
        updated_at      INTEGER NOT NULL
    );
    CREATE INDEX opportunity_created ON opportunity (created_at);
    CREATE INDEX opportunity_state_created ON opportunity (state, created_at);
    CREATE INDEX opportunity_buyer_created ON opportunity (buyer_member_id, created_at);

    -- A reply comes from a shop (shop_id) or from an operator (sys_user_id, operator_name).
    CREATE TABLE opportunity_reply (
        id             INTEGER PRIMARY KEY,
        opportunity_id INTEGER NOT NULL REFERENCES opportunity(id) ON DELETE CASCADE,
        shop_id        INTEGER REFERENCES shop(id),
        sys_user_id    INTEGER,
        operator_name  TEXT NOT NULL DEFAULT '',
        content        TEXT NOT NULL,
        at             INTEGER NOT NULL
    );
    CREATE INDEX opportunity_reply_at ON opportunity_reply (opportunity_id, at);

    -- One row per change of state of a lifecycle record (entity = the lifecycle's wire name);
    -- from_state NULL for its creation. The reason's label is copied at the time, so a dictionary
    -- entry edited or deleted later does not rewrite history. operator_id NULL: 系统 (the seed).
    CREATE TABLE state_history (
        id            INTEGER PRIMARY KEY,
        entity        TEXT NOT NULL,
        record_id     INTEGER NOT NULL,
        from_state    TEXT,
        to_state      TEXT NOT NULL,
        action        TEXT NOT NULL,
        reason_code   TEXT NOT NULL DEFAULT '',
        reason_label  TEXT NOT NULL DEFAULT '',
        reason        TEXT NOT NULL DEFAULT '',
        operator_id   INTEGER,
        operator_name TEXT NOT NULL,
        at            INTEGER NOT NULL
    );
    CREATE INDEX state_history_record ON state_history (entity, record_id, at);
    CREATE TRIGGER shop_day_move AFTER INSERT ON state_history
    WHEN NEW.entity = 'shop'
        AND (NEW.to_state = 'active') != (coalesce(NEW.from_state, '') = 'active')
    BEGIN
        INSERT INTO shop_day (day, active_delta)
        VALUES ((NEW.at + 28800000) / 86400000, CASE WHEN NEW.to_state = 'active' THEN 1 ELSE -1 END)
        ON CONFLICT (day) DO UPDATE SET active_delta = active_delta + excluded.active_delta;
    END;
    "#,
    // 4: 基础信息's catalogue — the category tree (three levels), products (images: a JSON array of
    // file keys, in display order) — and uploaded files (`files`: the bytes live under the data
    // folder, named by key).
    r#"
    CREATE TABLE category (
        id         INTEGER PRIMARY KEY,
        parent_id  INTEGER REFERENCES category(id),
        name       TEXT NOT NULL,
        sort       INTEGER NOT NULL DEFAULT 0,
        icon       TEXT NOT NULL DEFAULT '',
        visible    INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX category_sibling_name ON category (coalesce(parent_id, 0), name);
    CREATE INDEX category_parent_sort ON category (parent_id, sort, id);

    CREATE TABLE product (
        id          INTEGER PRIMARY KEY,
        shop_id     INTEGER NOT NULL REFERENCES shop(id),
        title       TEXT NOT NULL,
        category_id INTEGER NOT NULL REFERENCES category(id),
        images      TEXT NOT NULL DEFAULT '[]',
        price_min   INTEGER NOT NULL,
        price_max   INTEGER NOT NULL,
        unit        TEXT NOT NULL,
        moq         INTEGER NOT NULL DEFAULT 1,
        stock       INTEGER NOT NULL DEFAULT 0,
        description TEXT NOT NULL DEFAULT '',
        status      TEXT NOT NULL DEFAULT 'draft'
                    CHECK (status IN ('draft', 'onSale', 'offSale', 'violation')),
        version     INTEGER NOT NULL DEFAULT 1,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
    );
    CREATE INDEX product_created ON product (created_at);
    CREATE INDEX product_status_created ON product (status, created_at);
    CREATE INDEX product_shop_created ON product (shop_id, created_at);
    CREATE INDEX product_category_created ON product (category_id, created_at);
    CREATE INDEX product_price ON product (price_min);

    CREATE TABLE files (
        key        TEXT PRIMARY KEY,
        mime       TEXT NOT NULL,
        bytes      INTEGER NOT NULL,
        created_by INTEGER,
        created_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    "#,
    // 5: product.list and category.tree at a million products (--scale 1000). `product_tally`
    // holds the number of products per (category, status), kept by triggers whoever writes: the
    // tab counts (unfiltered, or by category subtree) and the tree's product counts read a few
    // hundred tally rows instead of counting a million products. The indexes serve a status tab
    // with each sortable column (id is the rowid every index ends with).
    r#"
    CREATE TABLE product_tally (
        category_id INTEGER NOT NULL,
        status      TEXT NOT NULL,
        n           INTEGER NOT NULL,
        PRIMARY KEY (category_id, status)
    ) WITHOUT ROWID;
    INSERT INTO product_tally (category_id, status, n)
        SELECT category_id, status, count(*) FROM product GROUP BY category_id, status;
    CREATE TRIGGER product_tally_insert AFTER INSERT ON product BEGIN
        INSERT INTO product_tally (category_id, status, n) VALUES (NEW.category_id, NEW.status, 1)
            ON CONFLICT (category_id, status) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER product_tally_delete AFTER DELETE ON product BEGIN
        UPDATE product_tally SET n = n - 1
            WHERE category_id = OLD.category_id AND status = OLD.status;
    END;
    CREATE TRIGGER product_tally_update AFTER UPDATE OF category_id, status ON product
    WHEN OLD.category_id IS NOT NEW.category_id OR OLD.status IS NOT NEW.status BEGIN
        UPDATE product_tally SET n = n - 1
            WHERE category_id = OLD.category_id AND status = OLD.status;
        INSERT INTO product_tally (category_id, status, n) VALUES (NEW.category_id, NEW.status, 1)
            ON CONFLICT (category_id, status) DO UPDATE SET n = n + 1;
    END;
    CREATE INDEX product_status_price ON product (status, price_min);
    CREATE INDEX product_status_stock ON product (status, stock);
    CREATE INDEX product_status_updated ON product (status, updated_at);
    CREATE INDEX product_stock ON product (stock);
    CREATE INDEX product_updated ON product (updated_at);
    "#,
    // 6: 运营管理 — ad slots and their ads, activities with their items, home-page entries and
    // recommended shops. An ad or activity item points at a shop or product by id (a link's target
    // is text: a URL or the id's digits); nothing cascades from shops or products, since a frozen
    // shop's ad is flagged, not removed. Indexes serve each list's default order, the derived-state
    // filters (status with start or end) and shop.impact's look-ups by target.
    r#"
    CREATE TABLE ad_slot (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        code       TEXT NOT NULL UNIQUE COLLATE NOCASE,
        page       TEXT NOT NULL,
        width      INTEGER NOT NULL,
        height     INTEGER NOT NULL,
        max_ads    INTEGER NOT NULL CHECK (max_ads > 0),
        status     TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX ad_slot_page ON ad_slot (page, id);

    CREATE TABLE ad (
        id          INTEGER PRIMARY KEY,
        slot_id     INTEGER NOT NULL REFERENCES ad_slot(id),
        title       TEXT NOT NULL,
        image       TEXT NOT NULL,
        link_type   TEXT NOT NULL CHECK (link_type IN ('url', 'shop', 'product')),
        link_target TEXT NOT NULL,
        start_at    INTEGER NOT NULL,
        end_at      INTEGER NOT NULL CHECK (end_at > start_at),
        sort        INTEGER NOT NULL DEFAULT 0,
        status      TEXT NOT NULL DEFAULT 'disabled' CHECK (status IN ('enabled', 'disabled')),
        version     INTEGER NOT NULL DEFAULT 1,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
    );
    CREATE INDEX ad_slot_sort ON ad (slot_id, sort, id);
    CREATE INDEX ad_status_start ON ad (status, start_at);
    CREATE INDEX ad_status_end ON ad (status, end_at);
    CREATE INDEX ad_start ON ad (start_at);
    CREATE INDEX ad_end ON ad (end_at);
    CREATE INDEX ad_link ON ad (link_type, link_target);

    CREATE TABLE activity (
        id          INTEGER PRIMARY KEY,
        title       TEXT NOT NULL,
        banner      TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        start_at    INTEGER NOT NULL,
        end_at      INTEGER NOT NULL CHECK (end_at > start_at),
        status      TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'online', 'offline')),
        version     INTEGER NOT NULL DEFAULT 1,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
    );
    CREATE INDEX activity_start ON activity (start_at);
    CREATE INDEX activity_end ON activity (end_at);
    CREATE INDEX activity_updated ON activity (updated_at);
    CREATE INDEX activity_status_start ON activity (status, start_at);

    -- An activity's shops and products, in order; replaced as a whole by activity.saveItems.
    CREATE TABLE activity_item (
        activity_id INTEGER NOT NULL REFERENCES activity(id) ON DELETE CASCADE,
        kind        TEXT NOT NULL CHECK (kind IN ('shop', 'product')),
        target_id   INTEGER NOT NULL,
        sort        INTEGER NOT NULL,
        PRIMARY KEY (activity_id, kind, target_id)
    ) WITHOUT ROWID;
    CREATE INDEX activity_item_order ON activity_item (activity_id, sort);
    CREATE INDEX activity_item_target ON activity_item (kind, target_id);

    CREATE TABLE entry (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE,
        icon       TEXT NOT NULL,
        link       TEXT NOT NULL,
        sort       INTEGER NOT NULL DEFAULT 0,
        visible    INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX entry_sort ON entry (sort, id);

    CREATE TABLE recommend (
        id         INTEGER PRIMARY KEY,
        shop_id    INTEGER NOT NULL REFERENCES shop(id),
        reason     TEXT NOT NULL,
        sort       INTEGER NOT NULL DEFAULT 0,
        start_at   INTEGER NOT NULL,
        end_at     INTEGER NOT NULL CHECK (end_at > start_at),
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX recommend_sort ON recommend (sort, id);
    CREATE INDEX recommend_shop ON recommend (shop_id, end_at);

    -- 商机查看 by category (its subtree), newest first.
    CREATE INDEX opportunity_category_created ON opportunity (category_id, created_at);
    "#,
    // 7: product.list at a million products, filtered by a category subtree, a price range or a
    // title substring. The list reads its page's ids first (then the rows of those ids alone), so
    // an index holding the filter's column, the status and every sort column answers it without
    // touching the table: a subtree (category_id IN …) or a price range sorts its entries in a
    // small top-N sorter, not the rows. A title substring can use no index order; the title index
    // is the narrow copy its one scan reads (the counts and the page both come from the matches).
    r#"
    CREATE INDEX product_category_cover
        ON product (category_id, status, created_at, updated_at, price_min, stock);
    CREATE INDEX product_price_cover
        ON product (price_min, status, created_at, updated_at, stock);
    CREATE INDEX product_title_cover
        ON product (title, status, price_min, stock, created_at, updated_at);
    "#,
    // 8: how often each table deciding who may do what (users, roles, menus and their links) was
    // written, kept by triggers so no write can forget it: the session cache reloads what was
    // read under an older count, and a write to any other table leaves it alone.
    r#"
    CREATE TABLE write_generation (
        tbl TEXT PRIMARY KEY,
        n   INTEGER NOT NULL DEFAULT 0
    ) WITHOUT ROWID;
    INSERT INTO write_generation (tbl) VALUES
        ('sys_user'), ('sys_role'), ('sys_menu'), ('sys_user_role'), ('sys_role_menu');
    CREATE TRIGGER sys_user_insert_counted AFTER INSERT ON sys_user BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_user';
    END;
    CREATE TRIGGER sys_user_update_counted AFTER UPDATE ON sys_user BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_user';
    END;
    CREATE TRIGGER sys_user_delete_counted AFTER DELETE ON sys_user BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_user';
    END;
    CREATE TRIGGER sys_role_insert_counted AFTER INSERT ON sys_role BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_role';
    END;
    CREATE TRIGGER sys_role_update_counted AFTER UPDATE ON sys_role BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_role';
    END;
    CREATE TRIGGER sys_role_delete_counted AFTER DELETE ON sys_role BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_role';
    END;
    CREATE TRIGGER sys_menu_insert_counted AFTER INSERT ON sys_menu BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_menu';
    END;
    CREATE TRIGGER sys_menu_update_counted AFTER UPDATE ON sys_menu BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_menu';
    END;
    CREATE TRIGGER sys_menu_delete_counted AFTER DELETE ON sys_menu BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_menu';
    END;
    CREATE TRIGGER sys_user_role_insert_counted AFTER INSERT ON sys_user_role BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_user_role';
    END;
    CREATE TRIGGER sys_user_role_update_counted AFTER UPDATE ON sys_user_role BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_user_role';
    END;
    CREATE TRIGGER sys_user_role_delete_counted AFTER DELETE ON sys_user_role BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_user_role';
    END;
    CREATE TRIGGER sys_role_menu_insert_counted AFTER INSERT ON sys_role_menu BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_role_menu';
    END;
    CREATE TRIGGER sys_role_menu_update_counted AFTER UPDATE ON sys_role_menu BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_role_menu';
    END;
    CREATE TRIGGER sys_role_menu_delete_counted AFTER DELETE ON sys_role_menu BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_role_menu';
    END;
    "#,
    // 9: a menu node's page key, kept through moves and renames (issue 18): every node that exists
    // gets the path it has today (core's rule: a name with a `/` is absolute, others join the
    // parent's path).
    r#"
    ALTER TABLE sys_menu ADD COLUMN page TEXT;
    WITH RECURSIVE paths(id, path) AS (
        SELECT id, ltrim(trim(name), '/') FROM sys_menu WHERE parent_id IS NULL
        UNION ALL
        SELECT m.id, CASE WHEN instr(trim(m.name), '/') > 0 THEN ltrim(trim(m.name), '/')
                          ELSE paths.path || '/' || trim(m.name) END
        FROM sys_menu m JOIN paths ON m.parent_id = paths.id
    )
    UPDATE sys_menu SET page = (SELECT path FROM paths WHERE paths.id = sys_menu.id);
    "#,
    // 10: shops by province (issue 18: the region filter is a province → city cascader). The
    // tally gains the province, so the tab counts under a province, or a province and a city, read
    // tally rows as before, and a city of the same name in two provinces is counted apart;
    // `shop.regions` reads its provinces and cities from it. Indexes (province, sort) serve a
    // province with each sort in index order, as the other exact filters are served.
    r#"
    DROP TRIGGER shop_tally_insert;
    DROP TRIGGER shop_tally_update;
    DROP TRIGGER shop_tally_delete;
    DROP TABLE shop_tally;
    CREATE TABLE shop_tally (
        status   TEXT NOT NULL,
        province TEXT NOT NULL,
        city     TEXT NOT NULL,
        belt_id  INTEGER NOT NULL,
        level    INTEGER NOT NULL,
        n        INTEGER NOT NULL,
        PRIMARY KEY (status, province, city, belt_id, level)
    ) WITHOUT ROWID;
    INSERT INTO shop_tally (status, province, city, belt_id, level, n)
        SELECT status, province, city, coalesce(belt_id, 0), level, count(*) FROM shop
        GROUP BY status, province, city, coalesce(belt_id, 0), level;
    CREATE TRIGGER shop_tally_insert AFTER INSERT ON shop BEGIN
        INSERT INTO shop_tally (status, province, city, belt_id, level, n)
        VALUES (NEW.status, NEW.province, NEW.city, coalesce(NEW.belt_id, 0), NEW.level, 1)
        ON CONFLICT (status, province, city, belt_id, level) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER shop_tally_update AFTER UPDATE OF status, province, city, belt_id, level ON shop
    WHEN OLD.status IS NOT NEW.status OR OLD.province IS NOT NEW.province
        OR OLD.city IS NOT NEW.city OR OLD.belt_id IS NOT NEW.belt_id OR OLD.level IS NOT NEW.level
    BEGIN
        UPDATE shop_tally SET n = n - 1
        WHERE status = OLD.status AND province = OLD.province AND city = OLD.city
            AND belt_id = coalesce(OLD.belt_id, 0) AND level = OLD.level;
        INSERT INTO shop_tally (status, province, city, belt_id, level, n)
        VALUES (NEW.status, NEW.province, NEW.city, coalesce(NEW.belt_id, 0), NEW.level, 1)
        ON CONFLICT (status, province, city, belt_id, level) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER shop_tally_delete AFTER DELETE ON shop BEGIN
        UPDATE shop_tally SET n = n - 1
        WHERE status = OLD.status AND province = OLD.province AND city = OLD.city
            AND belt_id = coalesce(OLD.belt_id, 0) AND level = OLD.level;
    END;
    CREATE INDEX shop_province ON shop (province);
    CREATE INDEX shop_province_created ON shop (province, created_at);
    CREATE INDEX shop_province_name ON shop (province, name);
    CREATE INDEX shop_province_level ON shop (province, level);
    CREATE INDEX shop_province_product_count ON shop (province, product_count);
    "#,
    // 11: an inquiry's quote (issue 18, item 11): the unit price (fen), quantity and lead time
    // (days) the shop offered, and when. Set together once an inquiry is quoted; they stay when
    // it is closed afterwards. Inquiries quoted before this migration get a quote derived from what
    // was asked (the product's lowest price or the expected one, the quantity asked, a lead time
    // and an hour or more after the asking), so every quoted inquiry carries one.
    r#"
    ALTER TABLE inquiry ADD COLUMN quote_unit_price INTEGER;
    ALTER TABLE inquiry ADD COLUMN quote_quantity INTEGER;
    ALTER TABLE inquiry ADD COLUMN quote_lead_days INTEGER;
    ALTER TABLE inquiry ADD COLUMN quoted_at INTEGER;
    UPDATE inquiry SET
        quote_unit_price = max(1, coalesce(
            (SELECT price_min FROM product WHERE product.id = inquiry.product_id),
            expect_price * 108 / 100) * (96 + id % 11) / 100),
        quote_quantity = quantity,
        quote_lead_days = CASE id % 7 WHEN 0 THEN 3 WHEN 1 THEN 5 WHEN 2 THEN 7 WHEN 3 THEN 10
                                      WHEN 4 THEN 15 WHEN 5 THEN 20 ELSE 30 END,
        quoted_at = max(created_at, min(created_at + (60 + (id * 37) % 2820) * 60000,
                                        CAST(strftime('%s', 'now') AS INTEGER) * 1000))
    WHERE state = 'quoted';
    "#,
    // 12: a readable 操作日志 (issue 18, item 7): each entry's label (the catalogue's, or the
    // lifecycle move the write made: 冻结店铺), its target's kind and name at the time, and the
    // target's fields the write changed (JSON: [{field, label, before?, after}] as people read
    // them). Older rows get their operation's label and kind at start (store::audit). Indexes
    // serve each filter with the log's order.
    r#"
    ALTER TABLE audit_log ADD COLUMN label TEXT;
    ALTER TABLE audit_log ADD COLUMN target_type TEXT;
    ALTER TABLE audit_log ADD COLUMN target_name TEXT;
    ALTER TABLE audit_log ADD COLUMN changes TEXT;
    CREATE INDEX audit_log_label_at ON audit_log (label, at);
    CREATE INDEX audit_log_user_at ON audit_log (sys_user_id, at);
    CREATE INDEX audit_log_target_at ON audit_log (target_type, at);
    "#,
    // 13: search by part at a million rows (issue 21, item 3): product titles, shop names, member
    // nicknames and phones. Each searched column gets a contentless FTS5 trigram index of its text
    // with ASCII letters lowered (`body`: the list's LIKE ignores their case and only theirs),
    // followed by two U+001F so every character starts a trigram; its rowid is the row's id × 8
    // plus the row's bucket (a status, or a member's status and type), so one pass over a match
    // list counts the tabs without reading the rows. `{table}_{column}_gram` counts the rows per
    // bucket holding each 1-, 2- and 3-character piece of the text (`search_grams()`, a Rust
    // function every connection of the store registers): a search of 3 characters or fewer is
    // counted from its piece's rows, and the 3-character pieces a shorter search starts are the
    // index terms its rows are found by. Triggers keep both whoever writes, unless
    // `search_paused` is set in `meta`: then the store rebuilds them in bulk before anyone reads
    // (right after this migration, and after the demo seed's million rows). The title index of
    // migration 7 served the scan this replaces. And two indexes for a category sorted by price.
    r#"
    CREATE VIRTUAL TABLE product_title_fts USING fts5 (
        body, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
    );
    CREATE VIRTUAL TABLE shop_name_fts USING fts5 (
        body, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
    );
    CREATE VIRTUAL TABLE member_nickname_fts USING fts5 (
        body, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
    );
    CREATE VIRTUAL TABLE member_phone_fts USING fts5 (
        body, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
    );
    CREATE TABLE product_title_gram (
        gram   TEXT NOT NULL,
        bucket INTEGER NOT NULL,
        n      INTEGER NOT NULL,
        PRIMARY KEY (gram, bucket)
    ) WITHOUT ROWID;
    CREATE TABLE shop_name_gram (
        gram   TEXT NOT NULL,
        bucket INTEGER NOT NULL,
        n      INTEGER NOT NULL,
        PRIMARY KEY (gram, bucket)
    ) WITHOUT ROWID;
    CREATE TABLE member_nickname_gram (
        gram   TEXT NOT NULL,
        bucket INTEGER NOT NULL,
        n      INTEGER NOT NULL,
        PRIMARY KEY (gram, bucket)
    ) WITHOUT ROWID;
    CREATE TABLE member_phone_gram (
        gram   TEXT NOT NULL,
        bucket INTEGER NOT NULL,
        n      INTEGER NOT NULL,
        PRIMARY KEY (gram, bucket)
    ) WITHOUT ROWID;
    INSERT INTO meta (key, value) VALUES ('search_paused', 'migration 13')
        ON CONFLICT (key) DO NOTHING;
    DROP INDEX product_title_cover;
    -- A category's subtree (category_id IN …) sorted by price, with or without a status tab: each
    -- category's entries come in price order, so SQLite stops reading a category once its next
    -- entry cannot make the page (a top category read 100,000 entries into a sorter).
    CREATE INDEX product_category_price ON product (category_id, price_min);
    CREATE INDEX product_category_status_price ON product (category_id, status, price_min);
    -- The planner's statistics of product are gathered again, with these (store::analyze_once).
    DELETE FROM meta WHERE key = 'product_stats_at';

    CREATE TRIGGER product_search_insert AFTER INSERT ON product
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        INSERT INTO product_title_fts (rowid, body) VALUES (NEW.id * 8 + CASE NEW.status
            WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3
            ELSE 7 END, lower(NEW.title) || char(31, 31));
        INSERT INTO product_title_gram (gram, bucket, n)
            SELECT value, CASE NEW.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1
                WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END, 1
            FROM json_each(search_grams(NEW.title)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER product_search_delete AFTER DELETE ON product
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM product_title_fts WHERE rowid = OLD.id * 8 + CASE OLD.status
            WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3
            ELSE 7 END;
        UPDATE product_title_gram SET n = n - 1
        WHERE bucket = CASE OLD.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1
                WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.title)));
    END;
    CREATE TRIGGER product_search_update AFTER UPDATE OF id, title, status ON product
    WHEN (OLD.id IS NOT NEW.id OR OLD.title IS NOT NEW.title OR OLD.status IS NOT NEW.status)
        AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM product_title_fts WHERE rowid = OLD.id * 8 + CASE OLD.status
            WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3
            ELSE 7 END;
        UPDATE product_title_gram SET n = n - 1
        WHERE bucket = CASE OLD.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1
                WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.title)));
        INSERT INTO product_title_fts (rowid, body) VALUES (NEW.id * 8 + CASE NEW.status
            WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3
            ELSE 7 END, lower(NEW.title) || char(31, 31));
        INSERT INTO product_title_gram (gram, bucket, n)
            SELECT value, CASE NEW.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1
                WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END, 1
            FROM json_each(search_grams(NEW.title)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;

    CREATE TRIGGER shop_search_insert AFTER INSERT ON shop
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        INSERT INTO shop_name_fts (rowid, body) VALUES (NEW.id * 8 + CASE NEW.status
            WHEN 'pending' THEN 0 WHEN 'active' THEN 1 WHEN 'rejected' THEN 2 WHEN 'frozen' THEN 3
            WHEN 'closed' THEN 4 ELSE 7 END, lower(NEW.name) || char(31, 31));
        INSERT INTO shop_name_gram (gram, bucket, n)
            SELECT value, CASE NEW.status WHEN 'pending' THEN 0 WHEN 'active' THEN 1
                WHEN 'rejected' THEN 2 WHEN 'frozen' THEN 3 WHEN 'closed' THEN 4 ELSE 7 END, 1
            FROM json_each(search_grams(NEW.name)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER shop_search_delete AFTER DELETE ON shop
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM shop_name_fts WHERE rowid = OLD.id * 8 + CASE OLD.status
            WHEN 'pending' THEN 0 WHEN 'active' THEN 1 WHEN 'rejected' THEN 2 WHEN 'frozen' THEN 3
            WHEN 'closed' THEN 4 ELSE 7 END;
        UPDATE shop_name_gram SET n = n - 1
        WHERE bucket = CASE OLD.status WHEN 'pending' THEN 0 WHEN 'active' THEN 1
                WHEN 'rejected' THEN 2 WHEN 'frozen' THEN 3 WHEN 'closed' THEN 4 ELSE 7 END
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.name)));
    END;
    CREATE TRIGGER shop_search_update AFTER UPDATE OF id, name, status ON shop
    WHEN (OLD.id IS NOT NEW.id OR OLD.name IS NOT NEW.name OR OLD.status IS NOT NEW.status)
        AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM shop_name_fts WHERE rowid = OLD.id * 8 + CASE OLD.status
            WHEN 'pending' THEN 0 WHEN 'active' THEN 1 WHEN 'rejected' THEN 2 WHEN 'frozen' THEN 3
            WHEN 'closed' THEN 4 ELSE 7 END;
        UPDATE shop_name_gram SET n = n - 1
        WHERE bucket = CASE OLD.status WHEN 'pending' THEN 0 WHEN 'active' THEN 1
                WHEN 'rejected' THEN 2 WHEN 'frozen' THEN 3 WHEN 'closed' THEN 4 ELSE 7 END
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.name)));
        INSERT INTO shop_name_fts (rowid, body) VALUES (NEW.id * 8 + CASE NEW.status
            WHEN 'pending' THEN 0 WHEN 'active' THEN 1 WHEN 'rejected' THEN 2 WHEN 'frozen' THEN 3
            WHEN 'closed' THEN 4 ELSE 7 END, lower(NEW.name) || char(31, 31));
        INSERT INTO shop_name_gram (gram, bucket, n)
            SELECT value, CASE NEW.status WHEN 'pending' THEN 0 WHEN 'active' THEN 1
                WHEN 'rejected' THEN 2 WHEN 'frozen' THEN 3 WHEN 'closed' THEN 4 ELSE 7 END, 1
            FROM json_each(search_grams(NEW.name)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;

    -- A member's bucket: 1 when banned, plus 2 when a seller.
    CREATE TRIGGER member_search_insert AFTER INSERT ON member
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        INSERT INTO member_nickname_fts (rowid, body) VALUES (NEW.id * 8
            + (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'),
            lower(NEW.nickname) || char(31, 31));
        INSERT INTO member_phone_fts (rowid, body) VALUES (NEW.id * 8
            + (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'),
            lower(NEW.phone) || char(31, 31));
        INSERT INTO member_nickname_gram (gram, bucket, n)
            SELECT value, (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'), 1
            FROM json_each(search_grams(NEW.nickname)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
        INSERT INTO member_phone_gram (gram, bucket, n)
            SELECT value, (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'), 1
            FROM json_each(search_grams(NEW.phone)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER member_search_delete AFTER DELETE ON member
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM member_nickname_fts WHERE rowid = OLD.id * 8
            + (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller');
        DELETE FROM member_phone_fts WHERE rowid = OLD.id * 8
            + (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller');
        UPDATE member_nickname_gram SET n = n - 1
        WHERE bucket = (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller')
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.nickname)));
        UPDATE member_phone_gram SET n = n - 1
        WHERE bucket = (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller')
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.phone)));
    END;
    CREATE TRIGGER member_search_update AFTER UPDATE OF id, nickname, phone, status, member_type
        ON member
    WHEN (OLD.id IS NOT NEW.id OR OLD.nickname IS NOT NEW.nickname OR OLD.phone IS NOT NEW.phone
            OR OLD.status IS NOT NEW.status OR OLD.member_type IS NOT NEW.member_type)
        AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM member_nickname_fts WHERE rowid = OLD.id * 8
            + (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller');
        DELETE FROM member_phone_fts WHERE rowid = OLD.id * 8
            + (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller');
        UPDATE member_nickname_gram SET n = n - 1
        WHERE bucket = (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller')
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.nickname)));
        UPDATE member_phone_gram SET n = n - 1
        WHERE bucket = (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller')
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.phone)));
        INSERT INTO member_nickname_fts (rowid, body) VALUES (NEW.id * 8
            + (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'),
            lower(NEW.nickname) || char(31, 31));
        INSERT INTO member_phone_fts (rowid, body) VALUES (NEW.id * 8
            + (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'),
            lower(NEW.phone) || char(31, 31));
        INSERT INTO member_nickname_gram (gram, bucket, n)
            SELECT value, (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'), 1
            FROM json_each(search_grams(NEW.nickname)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
        INSERT INTO member_phone_gram (gram, bucket, n)
            SELECT value, (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'), 1
            FROM json_each(search_grams(NEW.phone)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;
    "#,
    // 14: saved views (视图): a list's filters, sort, page size and columns under a name, per user,
    // optionally shared. A user's views go with the user.
    r#"
    CREATE TABLE list_view (
        id          INTEGER PRIMARY KEY,
        owner_id    INTEGER NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
        list        TEXT NOT NULL,
        name        TEXT NOT NULL,
        content     TEXT NOT NULL,
        shared      INTEGER NOT NULL DEFAULT 0,
        is_default  INTEGER NOT NULL DEFAULT 0,
        version     INTEGER NOT NULL DEFAULT 1,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL,
        UNIQUE (owner_id, list, name)
    );
    CREATE INDEX list_view_shared ON list_view (list, shared);
    "#,
    // 15: a product of a frozen or closed shop is held from sale (the core's `Lifecycle::held`):
    // `shop_held` follows its shop's state (a trigger on the shop), and a held product on sale
    // counts apart, as `held` in `product_tally` and in bucket 4 of the title search, so 在售
    // counts what buyers can buy. The tally and search triggers are those of migrations 5 and
    // 13 with the held product's key; the search index is rebuilt.
    r#"
    ALTER TABLE product ADD COLUMN shop_held INTEGER NOT NULL DEFAULT 0;
    UPDATE product SET shop_held = 1
        WHERE shop_id IN (SELECT id FROM shop WHERE status IN ('frozen', 'closed'));
    CREATE TRIGGER shop_holds_products AFTER UPDATE OF status ON shop
    WHEN (OLD.status IN ('frozen', 'closed')) IS NOT (NEW.status IN ('frozen', 'closed')) BEGIN
        UPDATE product SET shop_held = (NEW.status IN ('frozen', 'closed'))
            WHERE shop_id = NEW.id;
    END;

    DROP TRIGGER product_tally_insert;
    DROP TRIGGER product_tally_delete;
    DROP TRIGGER product_tally_update;
    DELETE FROM product_tally;
    INSERT INTO product_tally (category_id, status, n)
        SELECT category_id, CASE WHEN product.status = 'onSale' AND product.shop_held THEN 'held' ELSE product.status END, count(*) FROM product GROUP BY 1, 2;
    CREATE TRIGGER product_tally_insert AFTER INSERT ON product BEGIN
        INSERT INTO product_tally (category_id, status, n)
            VALUES (NEW.category_id, CASE WHEN NEW.status = 'onSale' AND NEW.shop_held THEN 'held' ELSE NEW.status END, 1)
            ON CONFLICT (category_id, status) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER product_tally_delete AFTER DELETE ON product BEGIN
        UPDATE product_tally SET n = n - 1
            WHERE category_id = OLD.category_id AND status = CASE WHEN OLD.status = 'onSale' AND OLD.shop_held THEN 'held' ELSE OLD.status END;
    END;
    CREATE TRIGGER product_tally_update AFTER UPDATE OF category_id, status, shop_held ON product
    WHEN OLD.category_id IS NOT NEW.category_id OR OLD.status IS NOT NEW.status
        OR OLD.shop_held IS NOT NEW.shop_held BEGIN
        UPDATE product_tally SET n = n - 1
            WHERE category_id = OLD.category_id AND status = CASE WHEN OLD.status = 'onSale' AND OLD.shop_held THEN 'held' ELSE OLD.status END;
        INSERT INTO product_tally (category_id, status, n)
            VALUES (NEW.category_id, CASE WHEN NEW.status = 'onSale' AND NEW.shop_held THEN 'held' ELSE NEW.status END, 1)
            ON CONFLICT (category_id, status) DO UPDATE SET n = n + 1;
    END;

    DROP TRIGGER product_search_insert;
    DROP TRIGGER product_search_delete;
    DROP TRIGGER product_search_update;
    CREATE TRIGGER product_search_insert AFTER INSERT ON product
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        INSERT INTO product_title_fts (rowid, body) VALUES (NEW.id * 8 + CASE NEW.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 + 3 * NEW.shop_held
            WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END,
            lower(NEW.title) || char(31, 31));
        INSERT INTO product_title_gram (gram, bucket, n)
            SELECT value, CASE NEW.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 + 3 * NEW.shop_held
            WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END, 1
            FROM json_each(search_grams(NEW.title)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER product_search_delete AFTER DELETE ON product
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM product_title_fts WHERE rowid = OLD.id * 8 + CASE OLD.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 + 3 * OLD.shop_held
            WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END;
        UPDATE product_title_gram SET n = n - 1
        WHERE bucket = CASE OLD.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 + 3 * OLD.shop_held
            WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.title)));
    END;
    CREATE TRIGGER product_search_update AFTER UPDATE OF id, title, status, shop_held ON product
    WHEN (OLD.id IS NOT NEW.id OR OLD.title IS NOT NEW.title OR OLD.status IS NOT NEW.status
        OR OLD.shop_held IS NOT NEW.shop_held)
        AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM product_title_fts WHERE rowid = OLD.id * 8 + CASE OLD.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 + 3 * OLD.shop_held
            WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END;
        UPDATE product_title_gram SET n = n - 1
        WHERE bucket = CASE OLD.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 + 3 * OLD.shop_held
            WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.title)));
        INSERT INTO product_title_fts (rowid, body) VALUES (NEW.id * 8 + CASE NEW.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 + 3 * NEW.shop_held
            WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END,
            lower(NEW.title) || char(31, 31));
        INSERT INTO product_title_gram (gram, bucket, n)
            SELECT value, CASE NEW.status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 + 3 * NEW.shop_held
            WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END, 1
            FROM json_each(search_grams(NEW.title)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;
    INSERT INTO meta (key, value) VALUES ('search_paused', 'migration 15')
        ON CONFLICT (key) DO NOTHING;
    "#,
    // 16: a phone is searched by what its mask shows (`138****0012`: the first three digits and
    // the last four, `store::search::MEMBER_PHONE`), never by the hidden middle, which a search
    // extended one digit at a time would recover. Migration 13's member triggers are split, the
    // phone's indexing that text; the search index is rebuilt.
    r#"
    DROP TRIGGER member_search_insert;
    DROP TRIGGER member_search_delete;
    DROP TRIGGER member_search_update;
    CREATE TRIGGER member_nickname_search_insert AFTER INSERT ON member
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        INSERT INTO member_nickname_fts (rowid, body) VALUES (NEW.id * 8
            + (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'),
            lower(NEW.nickname) || char(31, 31));
        INSERT INTO member_nickname_gram (gram, bucket, n)
            SELECT value, (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'), 1
            FROM json_each(search_grams(NEW.nickname)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER member_nickname_search_delete AFTER DELETE ON member
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM member_nickname_fts WHERE rowid = OLD.id * 8
            + (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller');
        UPDATE member_nickname_gram SET n = n - 1
        WHERE bucket = (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller')
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.nickname)));
    END;
    CREATE TRIGGER member_nickname_search_update AFTER UPDATE OF id, nickname, status, member_type
        ON member
    WHEN (OLD.id IS NOT NEW.id OR OLD.nickname IS NOT NEW.nickname OR OLD.status IS NOT NEW.status
            OR OLD.member_type IS NOT NEW.member_type)
        AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM member_nickname_fts WHERE rowid = OLD.id * 8
            + (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller');
        UPDATE member_nickname_gram SET n = n - 1
        WHERE bucket = (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller')
            AND gram IN (SELECT value FROM json_each(search_grams(OLD.nickname)));
        INSERT INTO member_nickname_fts (rowid, body) VALUES (NEW.id * 8
            + (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'),
            lower(NEW.nickname) || char(31, 31));
        INSERT INTO member_nickname_gram (gram, bucket, n)
            SELECT value, (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'), 1
            FROM json_each(search_grams(NEW.nickname)) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER member_phone_search_insert AFTER INSERT ON member
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        INSERT INTO member_phone_fts (rowid, body) VALUES (NEW.id * 8
            + (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'),
            lower((CASE WHEN length(NEW.phone) = 11 THEN substr(NEW.phone, 1, 3) || ' ' || substr(NEW.phone, -4) ELSE substr(NEW.phone, -4) END)) || char(31, 31));
        INSERT INTO member_phone_gram (gram, bucket, n)
            SELECT value, (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'), 1
            FROM json_each(search_grams((CASE WHEN length(NEW.phone) = 11 THEN substr(NEW.phone, 1, 3) || ' ' || substr(NEW.phone, -4) ELSE substr(NEW.phone, -4) END))) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER member_phone_search_delete AFTER DELETE ON member
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM member_phone_fts WHERE rowid = OLD.id * 8
            + (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller');
        UPDATE member_phone_gram SET n = n - 1
        WHERE bucket = (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller')
            AND gram IN (SELECT value FROM json_each(search_grams((CASE WHEN length(OLD.phone) = 11 THEN substr(OLD.phone, 1, 3) || ' ' || substr(OLD.phone, -4) ELSE substr(OLD.phone, -4) END))));
    END;
    CREATE TRIGGER member_phone_search_update AFTER UPDATE OF id, phone, status, member_type
        ON member
    WHEN (OLD.id IS NOT NEW.id OR OLD.phone IS NOT NEW.phone OR OLD.status IS NOT NEW.status
            OR OLD.member_type IS NOT NEW.member_type)
        AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'search_paused') BEGIN
        DELETE FROM member_phone_fts WHERE rowid = OLD.id * 8
            + (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller');
        UPDATE member_phone_gram SET n = n - 1
        WHERE bucket = (OLD.status = 'banned') + 2 * (OLD.member_type = 'seller')
            AND gram IN (SELECT value FROM json_each(search_grams((CASE WHEN length(OLD.phone) = 11 THEN substr(OLD.phone, 1, 3) || ' ' || substr(OLD.phone, -4) ELSE substr(OLD.phone, -4) END))));
        INSERT INTO member_phone_fts (rowid, body) VALUES (NEW.id * 8
            + (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'),
            lower((CASE WHEN length(NEW.phone) = 11 THEN substr(NEW.phone, 1, 3) || ' ' || substr(NEW.phone, -4) ELSE substr(NEW.phone, -4) END)) || char(31, 31));
        INSERT INTO member_phone_gram (gram, bucket, n)
            SELECT value, (NEW.status = 'banned') + 2 * (NEW.member_type = 'seller'), 1
            FROM json_each(search_grams((CASE WHEN length(NEW.phone) = 11 THEN substr(NEW.phone, 1, 3) || ' ' || substr(NEW.phone, -4) ELSE substr(NEW.phone, -4) END))) WHERE true
            ON CONFLICT (gram, bucket) DO UPDATE SET n = n + 1;
    END;
    INSERT INTO meta (key, value) VALUES ('search_paused', 'migration 16')
        ON CONFLICT (key) DO NOTHING;
    "#,
    // 17: actions under pages (按钮权限, issue 44): per role, per page, the actions it holds. A
    // code `{page}:{action}` is read through the page's menu row, so it follows the page when the
    // menu moves. Counted like the other access tables. The seed's step `perms` fills it once.
    r#"
    CREATE TABLE sys_role_action (
        role_id INTEGER NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
        menu_id INTEGER NOT NULL REFERENCES sys_menu(id) ON DELETE CASCADE,
        action  TEXT NOT NULL,
        PRIMARY KEY (role_id, menu_id, action)
    ) WITHOUT ROWID;
    INSERT INTO write_generation (tbl) VALUES ('sys_role_action');
    CREATE TRIGGER sys_role_action_insert_counted AFTER INSERT ON sys_role_action BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_role_action';
    END;
    CREATE TRIGGER sys_role_action_update_counted AFTER UPDATE ON sys_role_action BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_role_action';
    END;
    CREATE TRIGGER sys_role_action_delete_counted AFTER DELETE ON sys_role_action BEGIN
        UPDATE write_generation SET n = n + 1 WHERE tbl = 'sys_role_action';
    END;
    "#,
    // 18: sessions seen and ended (issue 44): where and with what each sign-in was made (one row
    // per chain of rotated tokens, for 在线用户), and every sign-in attempt (登录日志). Sign-ins
    // live before this migration get a row without an address.
    r#"
    CREATE TABLE sign_in (
        id         INTEGER PRIMARY KEY,
        family     TEXT NOT NULL UNIQUE,
        user_id    INTEGER NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        ip         TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        created_at INTEGER NOT NULL
    );
    INSERT INTO sign_in (family, user_id, ip, user_agent, created_at)
        SELECT family, user_id, '', '', min(login_at) FROM session GROUP BY family;
    CREATE TABLE login_log (
        id         INTEGER PRIMARY KEY,
        username   TEXT NOT NULL,
        ip         TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        result     TEXT NOT NULL,
        at         INTEGER NOT NULL
    );
    CREATE INDEX login_log_at ON login_log (at);
    "#,
    // 19: a lockout no stranger can turn on the owner (issue 44): device tokens (hashed) of the
    // browsers an account signed in from, and failures counted apart per device token (NULL:
    // the anonymous count).
    r#"
    CREATE TABLE login_device (
        token_hash   TEXT PRIMARY KEY,
        user_id      INTEGER NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        created_at   INTEGER NOT NULL,
        last_used_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    ALTER TABLE login_failure ADD COLUMN device TEXT;
    DROP INDEX login_failure_user_at;
    CREATE INDEX login_failure_user_device_at ON login_failure (username, device, at);
    "#,
];

/// The schema version this build expects.
pub fn latest() -> i64 {
    MIGRATIONS.len() as i64
}

/// Applies every migration the database has not seen, each in its own transaction; then builds
/// the search index when a migration left it to be built (13, on a database with rows).
pub fn migrate(conn: &mut Connection) -> Result<(), AppError> {
    // The search triggers call it (a connection the store did not configure, in tests).
    search::register(conn)?;
    let current: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if current > latest() {
        return Err(AppError::internal(format!(
            "the database is at schema version {current}, newer than this build ({})",
            latest()
        )));
    }
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(current as usize) {
        let version = index as i64 + 1;
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", version)?;
        tx.commit()?;
        tracing::info!(version, "database migrated");
    }
    let tx = conn.transaction()?;
    search::resume(&tx)?;
    tx.commit()?;
    Ok(())
}

/// Drops every table and index and resets the schema version (`--reset`).
pub fn drop_everything(conn: &mut Connection) -> Result<(), AppError> {
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    let tx = conn.transaction()?;
    let tables: Vec<String> = {
        let mut stmt = tx.prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        )?;
        stmt.query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?
    };
    for table in tables {
        // `IF EXISTS`: dropping a full-text index drops its own tables, listed after it.
        tx.execute_batch(&format!(
            "DROP TABLE IF EXISTS \"{}\"",
            table.replace('"', "\"\"")
        ))?;
    }
    tx.pragma_update(None, "user_version", 0)?;
    tx.commit()?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    tracing::info!("database reset");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_held_products_triggers_hold_what_the_core_declares() {
        let held = format!("status IN {}", crate::store::products::HELD_BY.sql());
        let sql = MIGRATIONS[14];
        assert!(sql.contains(&held), "migration 15 spells {held}");
        assert_eq!(sql.matches("IN ('").count(), sql.matches(&held).count());
    }

    #[test]
    fn migrating_twice_is_a_no_op_and_reset_starts_over() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        migrate(&mut conn)?;
        migrate(&mut conn)?;
        let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        assert_eq!(v, latest());
        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('x', 'y')",
            rusqlite::params![],
        )?;
        drop_everything(&mut conn)?;
        let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        assert_eq!(v, 0);
        migrate(&mut conn)?;
        let n: i64 = conn.query_row("SELECT count(*) FROM meta", [], |r| r.get(0))?;
        assert_eq!(n, 0);
        Ok(())
    }

    #[test]
    fn a_newer_database_is_refused() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        conn.pragma_update(None, "user_version", latest() + 1)?;
        assert!(migrate(&mut conn).is_err());
        Ok(())
    }
}
