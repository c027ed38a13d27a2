//! The shapes a text field can be required to have, and the password policy.

/// Password bounds, in characters.
pub const PASSWORD_LEN: (usize, usize) = (8, 64);

/// The password policy, as shown under the password field.
pub const PASSWORD_POLICY: &str =
    "8-64位，至少包含大写字母、小写字母、数字、符号中的三类，不含空格，且不能包含用户名";

/// The icons a menu entry may name (antd icon names the web can draw).
pub const MENU_ICONS: &[&str] = &[
    "AppstoreOutlined",
    "AuditOutlined",
    "BarChartOutlined",
    "BookOutlined",
    "DashboardOutlined",
    "FileSearchOutlined",
    "GiftOutlined",
    "HomeOutlined",
    "MenuOutlined",
    "NotificationOutlined",
    "RocketOutlined",
    "SafetyOutlined",
    "SettingOutlined",
    "ShopOutlined",
    "ShoppingOutlined",
    "TeamOutlined",
    "ToolOutlined",
    "UserOutlined",
    "WarningOutlined",
];

/// A shape a text must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A code read by programs (login names, dictionary types and keys): a letter first, then
    /// letters, digits, `_`, `.` or `-`.
    Code,
    /// A menu route name: `/`-separated segments of `[A-Za-z0-9_-]`, no `..`, no scheme.
    MenuName,
    /// An `http://` or `https://` URL with a host, no spaces.
    HttpUrl,
    /// Where a storefront entry leads: an app path (`/pages/factory`) or an http(s) URL.
    Link,
    /// A record's id: digits, not starting with 0.
    Id,
    /// Text typed in a multi-line box (a description, a remark, a reply): line breaks are allowed,
    /// other control characters are not.
    Lines,
    /// A phone number to search by: the whole number, or a part of the digits a masked phone
    /// shows (`138****0012`: at most four); spaces and `-` may group them as people paste them.
    /// [`phone_digits`] reads them. A part of the hidden middle is no search: it would recover
    /// the number the mask hides, one call at a time.
    PhoneDigits,
    /// An amount in yuan as people type it (`12.5`, `¥1,200.00`): what [`yuan_to_fen`] reads.
    ///
    /// [`yuan_to_fen`]: crate::format::yuan_to_fen
    Yuan,
}

/// The digits of a mainland mobile number.
pub const PHONE_DIGITS: usize = 11;

/// The most digits a part of a masked phone shows together (its last four).
pub const SHOWN_DIGITS: usize = 4;

/// The digits of a phone number as typed ([`Format::PhoneDigits`]): `None` when it holds
/// anything but digits, spaces and `-`, or no digit at all.
pub fn phone_digits(text: &str) -> Option<String> {
    let separated = |c: char| c == ' ' || c == '-';
    if !text.chars().all(|c| c.is_ascii_digit() || separated(c)) {
        return None;
    }
    let digits: String = text.chars().filter(|c| !separated(*c)).collect();
    (!digits.is_empty()).then_some(digits)
}

/// `http(s)://host…` with no whitespace.
fn is_http_url(text: &str) -> bool {
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"));
    rest.is_some_and(|r| {
        let host = r.split(['/', '?', '#']).next().unwrap_or("");
        !host.is_empty() && !r.chars().any(char::is_whitespace)
    })
}

impl Format {
    /// Checks `text` (trimmed, non-empty); `bounds` are the field's, for the message.
    pub fn check(self, text: &str, label: &str, bounds: (usize, usize)) -> Result<(), String> {
        match self {
            Format::Code => {
                let mut chars = text.chars();
                let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
                let rest_ok =
                    chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
                let n = text.chars().count();
                if !first_ok || !rest_ok || n < bounds.0 || n > bounds.1 {
                    return Err(format!(
                        "{label}须为{}-{}位，以字母开头，只含字母、数字、下划线、点或短横线",
                        bounds.0, bounds.1
                    ));
                }
                Ok(())
            }
            Format::MenuName => {
                crate::menu::check_name(text).map_err(|reason| reason.message().to_owned())
            }
            Format::HttpUrl if is_http_url(text) => Ok(()),
            Format::HttpUrl => Err(super::said(label, "须为 http:// 或 https:// 开头的网址")),
            Format::Link
                if is_http_url(text)
                    || (text.starts_with('/')
                        && !text.starts_with("//")
                        && !text.chars().any(char::is_whitespace)) =>
            {
                Ok(())
            }
            Format::Link => Err(super::said(label, "须为以 / 开头的页面路径或 http(s) 网址")),
            Format::Id
                if !text.starts_with('0')
                    && text.len() <= 15
                    && text.chars().all(|c| c.is_ascii_digit()) =>
            {
                Ok(())
            }
            Format::Id => Err(super::said(label, "须为有效的编号")),
            Format::Lines => Ok(()),
            Format::PhoneDigits => match phone_digits(text) {
                None => Err(super::said(label, "只能输入数字")),
                Some(d) if d.len() == PHONE_DIGITS || d.len() <= SHOWN_DIGITS => Ok(()),
                Some(_) => Err(super::said(
                    label,
                    "须为完整的11位号码，或号码显示出的前3位、后4位中的数字",
                )),
            },
            Format::Yuan if crate::format::yuan_to_fen(text).is_some() => Ok(()),
            Format::Yuan => Err(super::said(label, "须为金额，最多两位小数")),
        }
    }
}

/// The password policy (see [`PASSWORD_POLICY`]); `username` may be empty.
pub fn password(value: &str, username: &str, label: &str) -> Result<(), String> {
    let n = value.chars().count();
    if n < PASSWORD_LEN.0 || n > PASSWORD_LEN.1 {
        return Err(format!(
            "{label}长度须为{}-{}位",
            PASSWORD_LEN.0, PASSWORD_LEN.1
        ));
    }
    if value.chars().any(char::is_whitespace) {
        return Err(super::said(label, "不能包含空格"));
    }
    let classes = [
        value.chars().any(|c| c.is_ascii_lowercase()),
        value.chars().any(|c| c.is_ascii_uppercase()),
        value.chars().any(|c| c.is_ascii_digit()),
        value.chars().any(|c| !c.is_ascii_alphanumeric()),
    ];
    if classes.iter().filter(|&&b| b).count() < 3 {
        return Err(format!(
            "{label}须至少包含大写字母、小写字母、数字、符号中的三类"
        ));
    }
    let user = username.trim().to_ascii_lowercase();
    if !user.is_empty() && crate::contains(&value.to_ascii_lowercase(), &user) {
        return Err(super::said(label, "不能包含用户名"));
    }
    Ok(())
}
