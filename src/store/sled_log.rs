//! A reader of sled 0.34's log that does not need the log to be whole, for `tablero admin salvage`.
//!
//! sled's own recovery stops at the first message whose checksum fails and zeroes what follows it, so one damaged
//! byte loses every later change. This reader never opens the folder with sled and never writes to it: it checks
//! every message of every segment on its own (skipping a damaged stretch to the next message that checks out),
//! drops the write batches (transactions) a damaged stretch cut into, rebuilds each page from its newest readable
//! version and the updates after it, and walks each tree from the meta page. A page whose newest version is
//! damaged falls back to an older one and the updates logged since, which most often gives the same entries.
//!
//! The format is sled 0.34.7's: `pagecache/logger.rs` (segment and message headers), `serialization.rs`
//! (varints, nodes, links, meta), `pagecache/blob_io.rs` (large values kept in `blobs/`).

use super::StoreError;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

const SEG_HEADER_LEN: u64 = 20;
const MAX_MSG_HEADER_LEN: u64 = 32;
const DEFAULT_SEGMENT_SIZE: u64 = 512 * 1024;
const META_PID: u64 = 0;

/// Every entry of every tree that could be read back, and what could not.
#[derive(Debug, Default)]
pub struct Recovered {
    /// Tree name (sled's, e.g. `games`) to its entries.
    pub trees: BTreeMap<Vec<u8>, BTreeMap<Vec<u8>, Vec<u8>>>,
    /// Damage found, in plain words.
    pub damage: Vec<String>,
}

/// The kinds of sled's log messages (`MessageKind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Canceled,
    Cap,
    BatchManifest,
    Free,
    Counter,
    Meta,
    Node,
    Link,
}

fn kind_of(byte: u8) -> Option<(Kind, bool)> {
    Some(match byte {
        1 => (Kind::Canceled, false),
        2 => (Kind::Cap, false),
        3 => (Kind::BatchManifest, false),
        4 => (Kind::Free, false),
        5 => (Kind::Counter, false),
        6 => (Kind::Meta, false),
        7 => (Kind::Meta, true),
        8 => (Kind::Node, false),
        9 => (Kind::Node, true),
        10 => (Kind::Link, false),
        11 => (Kind::Link, true),
        _ => return None,
    })
}

/// One message that checked out.
struct Message {
    kind: Kind,
    pid: u64,
    body: Vec<u8>,
}

/// sled's variable-length integer.
fn varint(buf: &mut &[u8]) -> Option<u64> {
    let first = *buf.first()?;
    let (value, used) = match first {
        0..=240 => (u64::from(first), 1),
        241..=248 => (240 + 256 * (u64::from(first) - 241) + u64::from(*buf.get(1)?), 2),
        249 => (2288 + 256 * u64::from(*buf.get(1)?) + u64::from(*buf.get(2)?), 3),
        other => {
            let size = other as usize - 247;
            let mut aligned = [0; 8];
            aligned[..size].copy_from_slice(buf.get(1..=size)?);
            (u64::from_le_bytes(aligned), size + 1)
        }
    };
    *buf = &buf[used..];
    Some(value)
}

fn bytes(buf: &mut &[u8]) -> Option<Vec<u8>> {
    let len = usize::try_from(varint(buf)?).ok()?;
    let out = buf.get(..len)?.to_vec();
    *buf = &buf[len..];
    Some(out)
}

fn byte(buf: &mut &[u8]) -> Option<u8> {
    let b = *buf.first()?;
    *buf = &buf[1..];
    Some(b)
}

fn le_u64(buf: &[u8]) -> Option<u64> {
    Some(u64::from_le_bytes(buf.get(..8)?.try_into().ok()?))
}

/// A tree node (`Node` of sled's node.rs): keys are stored without the first `prefix_len` bytes of `lo`.
#[derive(Debug, Clone)]
struct Node {
    next: Option<u64>,
    merging_child: Option<u64>,
    merging: bool,
    prefix_len: usize,
    lo: Vec<u8>,
    hi: Vec<u8>,
    keys: Vec<Vec<u8>>,
    /// Values of a leaf; empty for an index node.
    values: Vec<Vec<u8>>,
    /// Child pages of an index node.
    children: Option<Vec<u64>>,
}

fn node(mut buf: &[u8]) -> Option<Node> {
    let buf = &mut buf;
    let nonzero = |v: u64| (v != 0).then_some(v);
    let next = nonzero(varint(buf)?);
    let merging_child = nonzero(varint(buf)?);
    let merging = byte(buf)? != 0;
    let prefix_len = usize::from(byte(buf)?);
    let lo = bytes(buf)?;
    let hi = bytes(buf)?;
    let leaf = match byte(buf)? {
        0 => true,
        1 => false,
        _ => return None,
    };
    let len = usize::try_from(varint(buf)?).ok()?;
    let mut keys = Vec::with_capacity(len.min(1024));
    for _ in 0..len {
        keys.push(bytes(buf)?);
    }
    let (mut values, mut children) = (Vec::new(), Vec::new());
    for _ in 0..len {
        if leaf {
            values.push(bytes(buf)?);
        } else {
            children.push(varint(buf)?);
        }
    }
    (prefix_len <= lo.len()).then_some(Node {
        next,
        merging_child,
        merging,
        prefix_len,
        lo,
        hi,
        keys,
        values,
        children: (!leaf).then_some(children),
    })
}

/// The key a logged update (`Link`) sets or removes, as its page holds it (after the page's prefix).
fn link_key(mut buf: &[u8]) -> Option<Vec<u8>> {
    let buf = &mut buf;
    match byte(buf)? {
        0 | 1 => bytes(buf),
        _ => None,
    }
}

impl Node {
    /// Applies one logged update (`Link`); false when it does not fit this node.
    fn apply(&mut self, mut buf: &[u8]) -> Option<()> {
        let buf = &mut buf;
        match byte(buf)? {
            0 | 1 if self.children.is_some() => None,
            0 => {
                let (key, value) = (bytes(buf)?, bytes(buf)?);
                match self.keys.binary_search(&key) {
                    Ok(at) => self.values[at] = value,
                    Err(at) => {
                        self.keys.insert(at, key);
                        self.values.insert(at, value);
                    }
                }
                Some(())
            }
            1 => {
                let key = bytes(buf)?;
                if let Ok(at) = self.keys.binary_search(&key) {
                    self.keys.remove(at);
                    self.values.remove(at);
                }
                Some(())
            }
            2 => {
                self.merging_child = Some(varint(buf)?);
                Some(())
            }
            3 => {
                let child = self.merging_child.take()?;
                let children = self.children.as_mut()?;
                let at = children.iter().position(|c| *c == child)?;
                children.remove(at);
                self.keys.remove(at);
                Some(())
            }
            4 => {
                self.merging = true;
                Some(())
            }
            _ => None,
        }
    }

    fn covers(&self, key: &[u8]) -> bool {
        key >= self.lo.as_slice() && (self.hi.is_empty() || key < self.hi.as_slice())
    }
}

/// The log, checked message by message.
struct Log {
    segment_size: u64,
    /// Messages that checked out, by log sequence number.
    messages: BTreeMap<u64, Message>,
    /// Stretches of the log known to be readable: a message, a cap to the segment's end, a segment header.
    readable: BTreeMap<u64, u64>,
    /// Write batches: (first lsn after the manifest, last lsn of the batch).
    batches: Vec<(u64, u64)>,
    /// The log positions at which the segments in the file start.
    present: BTreeSet<u64>,
    damage: Vec<String>,
}

fn segment_size(folder: &Path) -> Result<u64, StoreError> {
    let Ok(conf) = std::fs::read(folder.join("conf")) else { return Ok(DEFAULT_SEGMENT_SIZE) };
    let text = String::from_utf8_lossy(&conf);
    if text.lines().any(|l| l.trim() == "use_compression: true") {
        return Err(StoreError::Corrupt("the store was written with compression, which salvage cannot read".into()));
    }
    Ok(text
        .lines()
        .find_map(|l| l.strip_prefix("segment_size: ")?.trim().parse::<u64>().ok())
        .filter(|s| s.is_power_of_two() && *s >= 1024)
        .unwrap_or(DEFAULT_SEGMENT_SIZE))
}

fn crc(parts: &[&[u8]]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    for part in parts {
        hasher.update(part);
    }
    hasher.finalize()
}

impl Log {
    fn read(folder: &Path) -> Result<Log, StoreError> {
        let segment_size = segment_size(folder)?;
        let db = folder.join("db");
        let file = std::fs::read(&db).map_err(|e| StoreError::Corrupt(format!("cannot read {}: {e}", db.display())))?;
        let mut log = Log {
            segment_size,
            messages: BTreeMap::new(),
            readable: BTreeMap::new(),
            batches: Vec::new(),
            present: BTreeSet::new(),
            damage: Vec::new(),
        };
        let mut seen = HashSet::new();
        for (index, segment) in file.chunks(segment_size as usize).enumerate() {
            let written = segment.iter().any(|b| *b != 0) && segment.len() as u64 >= SEG_HEADER_LEN;
            // A damaged header: every message names its segment's number, so the first one that checks out says
            // where the segment stands, and the rest of it is read as usual.
            let lsn = segment_lsn(segment, segment_size).or_else(|| {
                let lsn = written.then(|| lsn_of_messages(folder, segment, segment_size)).flatten();
                if written {
                    log.damage.push(match lsn {
                        Some(_) => {
                            format!("segment {index} of the log has an unreadable header (its messages were read)")
                        }
                        None => format!("segment {index} of the log has an unreadable header"),
                    });
                }
                lsn
            });
            let Some(lsn) = lsn else { continue };
            if !seen.insert(lsn) {
                log.damage.push(format!("segment {index} of the log repeats an earlier segment's position"));
                continue;
            }
            log.present.insert(lsn);
            log.segment(folder, segment, lsn, index);
        }
        Ok(log)
    }

    /// Reads the messages of one segment whose header says it starts at `base`.
    fn segment(&mut self, folder: &Path, segment: &[u8], base: u64, index: usize) {
        let size = self.segment_size;
        let number = base / size;
        self.mark_read(base, base + SEG_HEADER_LEN);
        // A message never starts in the last MAX_MSG_HEADER_LEN bytes (sled's red zone).
        self.mark_read(base + size - MAX_MSG_HEADER_LEN, base + size);
        let last_start = (segment.len() as u64).min(size - MAX_MSG_HEADER_LEN);
        let mut at = SEG_HEADER_LEN;
        while at <= last_start && at < segment.len() as u64 {
            if let Some((message, len)) = message(folder, &segment[at as usize..], number) {
                let lsn = base + at;
                self.mark_read(lsn, lsn + len);
                at += len;
                // A large value's file that sled deleted once a newer version replaced it: skipped, as sled does.
                let Some(message) = message else { continue };
                match message.kind {
                    Kind::Cap => {
                        self.mark_read(lsn, base + size);
                        return;
                    }
                    Kind::BatchManifest => {
                        if let Some(last) = le_u64(&message.body) {
                            self.batches.push((lsn + len, last));
                        }
                    }
                    _ => {}
                }
                if !matches!(message.kind, Kind::Canceled | Kind::BatchManifest) {
                    self.messages.insert(lsn, message);
                }
                continue;
            }
            // Not a message: the end of what was written here, or damage. The next message that checks out
            // (if any) tells which.
            let resume =
                (at + 1..=last_start).find(|&next| message(folder, &segment[next as usize..], number).is_some());
            match resume {
                Some(next) => {
                    self.damage.push(format!(
                        "{} bytes of the log could not be read (segment {index}, offset {at})",
                        next - at
                    ));
                    at = next;
                }
                None => return,
            }
        }
    }

    /// Marks the log from `from` up to `to` as read. A stretch that starts where another does keeps the longer of
    /// the two: a message may start at the red zone's first byte (and end inside it, the rest left unwritten),
    /// and the red zone is read whatever ends there.
    fn mark_read(&mut self, from: u64, to: u64) {
        let end = self.readable.entry(from).or_insert(to);
        *end = (*end).max(to);
    }

    /// The first byte of the log from `from` to `to` (inclusive) that was not read, if any. A segment that is no
    /// longer in the file was reclaimed by sled once everything in it was stable and rewritten elsewhere: it
    /// counts as read. Past the end of what was written, nothing does (a batch a crash cut short).
    fn first_unread(&self, from: u64, to: u64) -> Option<u64> {
        let end = self.readable.last_key_value().map_or(0, |(_, end)| *end);
        let mut at = from;
        while at <= to {
            match self.readable.range(..=at).next_back() {
                Some((_, end)) if *end > at => at = *end,
                _ if at < end && !self.present.contains(&(at - at % self.segment_size)) => {
                    at = at - at % self.segment_size + self.segment_size
                }
                _ => return Some(at),
            }
        }
        None
    }
}

/// A segment header's log position, when its checksum holds.
fn segment_lsn(segment: &[u8], size: u64) -> Option<u64> {
    let header = segment.get(..SEG_HEADER_LEN as usize)?;
    let stored = u32::from_le_bytes(header[..4].try_into().ok()?) ^ 0xFFFF_FFFF;
    if crc(&[&header[4..20]]) != stored {
        return None;
    }
    let lsn = le_u64(&header[4..12])? ^ 0x7FFF_FFFF_FFFF_FFFF;
    (lsn.is_multiple_of(size) && lsn < i64::MAX as u64).then_some(lsn)
}

/// Where a segment whose header is unreadable stands in the log: the segment number its first message that checks
/// out carries (in the message's own header, under the message's checksum).
fn lsn_of_messages(folder: &Path, segment: &[u8], size: u64) -> Option<u64> {
    let last_start = (segment.len() as u64).min(size - MAX_MSG_HEADER_LEN);
    (SEG_HEADER_LEN..last_start).find_map(|at| {
        let buf = &segment[at as usize..];
        let mut rest = buf.get(5..)?;
        varint(&mut rest)?;
        let number = varint(&mut rest)?;
        message(folder, buf, number)?;
        let lsn = number.checked_mul(size)?;
        (lsn < i64::MAX as u64).then_some(lsn)
    })
}

/// The message at the start of `buf` and its length, when it is one of segment `number` and checks out (no
/// message when it points to a large value's file that is gone).
fn message(folder: &Path, buf: &[u8], number: u64) -> Option<(Option<Message>, u64)> {
    let (kind, blob) = kind_of(*buf.get(4)?)?;
    let mut rest = buf.get(5..)?;
    let len = varint(&mut rest)?;
    if varint(&mut rest)? != number {
        return None;
    }
    let pid = varint(&mut rest)?;
    let header_len = buf.len() - rest.len();
    let body = buf.get(header_len..header_len.checked_add(usize::try_from(len).ok()?)?)?;
    let stored = u32::from_le_bytes(buf[..4].try_into().ok()?);
    if crc(&[body, &buf[4..header_len]]) ^ 0xFFFF_FFFF != stored {
        return None;
    }
    let len = header_len as u64 + len;
    if !blob {
        return Some((Some(Message { kind, pid, body: body.to_vec() }), len));
    }
    match std::fs::read(folder.join("blobs").join(le_u64(body)?.to_string())) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some((None, len)),
        Err(_) => None,
        Ok(file) => {
            // A large value's own file: checksum, kind, bytes.
            let stored = u32::from_le_bytes(file.get(..4)?.try_into().ok()?);
            let whole = file.get(4) == Some(&buf[4]) && crc(&[&file[4..]]) == stored;
            whole.then(|| (Some(Message { kind, pid, body: file[5..].to_vec() }), len))
        }
    }
}

/// A page rebuilt from its newest readable version and the updates logged after it.
enum Page {
    Node(Box<Node>, u64),
    Meta(Vec<u8>),
    Other,
}

/// Reads every tree of the sled store in `folder` without opening it with sled.
pub fn recover(folder: &Path) -> Result<Recovered, StoreError> {
    let log = Log::read(folder)?;
    let mut damage = log.damage.clone();
    let torn = log.torn(&mut damage);
    // The keys whose latest change is lost (by page, as the page holds them): those a torn batch set or removed,
    // and those of updates that no longer fit their page. Named at the end, for the games they belong to.
    let mut lost_keys: Vec<(u64, Vec<u8>)> = Vec::new();
    let pages = rebuild_pages(&log, &torn, &mut lost_keys, &mut damage);
    let Some(Page::Meta(meta)) = pages.get(&META_PID) else {
        damage.push("the list of the store's trees could not be read".into());
        return Ok(Recovered { trees: BTreeMap::new(), damage });
    };
    let mut found = Found::default();
    let mut rest = meta.as_slice();
    while !rest.is_empty() {
        let (Some(name), Some(root)) = (bytes(&mut rest), varint(&mut rest)) else {
            damage.push("the list of the store's trees is cut short".into());
            break;
        };
        let mut of_tree = HashSet::new();
        let entries = walk(&pages, root, &mut of_tree);
        if name == b"games" || name == b"moves" {
            found.game_pages.extend(of_tree.iter().copied());
        }
        found.tree_of.extend(of_tree.iter().map(|pid| (*pid, name.clone())));
        found.reached.extend(of_tree);
        found.trees.insert(name, entries);
    }
    let placed = found.place_strays(&pages);
    if placed > 0 {
        damage.push(format!("{placed} pieces of data were found again by their neighbours in their tree"));
    }
    // A game some of whose changes are lost is named (its key starts with its id, in both trees).
    let mut games_lost = BTreeSet::new();
    for (pid, key) in &lost_keys {
        if !found.game_pages.contains(pid) {
            continue;
        }
        let full = match pages.get(pid) {
            Some(Page::Node(node, _)) => [&node.lo[..node.prefix_len], key.as_slice()].concat(),
            _ => key.clone(),
        };
        if let Some(id) = full.get(..8).and_then(|b| <[u8; 8]>::try_from(b).ok()).map(u64::from_be_bytes)
            && id > 0
        {
            games_lost.insert(id);
        }
    }
    for id in games_lost {
        damage.push(format!("game {id}: a change to it was in the damaged part of the log and is lost"));
    }
    let stray = pages
        .iter()
        .filter(|(pid, page)| !found.reached.contains(*pid) && matches!(page, Page::Node(n, _) if n.children.is_none()))
        .count();
    if stray > 0 && !damage.is_empty() {
        damage.push(format!("{stray} pieces of data could not be placed in their tree"));
    }
    Ok(Recovered { trees: found.trees, damage })
}

impl Log {
    /// The messages of the write batches whose stretch of the log is not whole: cut by damage (or by a crash),
    /// none of each counts. Says so in `damage`, with where the first cut one stands.
    fn torn(&self, damage: &mut Vec<String>) -> BTreeSet<u64> {
        let mut torn = BTreeSet::new();
        let mut cut = Vec::new();
        for &(from, to) in &self.batches {
            if let Some(unread) = self.first_unread(from, to) {
                cut.push((from, to, unread));
                torn.extend(self.messages.range(from..=to).map(|(lsn, _)| *lsn));
            }
        }
        // Where each cut change stands in the log, for whoever looks into the folder afterwards.
        let at = |&(from, to, unread): &(u64, u64, u64)| {
            let segment = unread - unread % self.segment_size;
            let kept = if self.present.contains(&segment) { "in the file" } else { "not in the file" };
            format!("log {from}-{to}, unread from {unread}, its segment {segment} {kept}")
        };
        match cut.as_slice() {
            [] => {}
            [one] => damage.push(format!("one change was cut by the damage and is left out whole ({})", at(one))),
            [first, ..] => damage.push(format!(
                "{} changes were cut by the damage and are left out whole (the first: {})",
                cut.len(),
                at(first)
            )),
        }
        torn
    }
}

/// Each page from its newest readable version and the updates logged after it, leaving out the messages of torn
/// batches; the keys whose latest change is lost go to `lost_keys`.
fn rebuild_pages(
    log: &Log,
    torn: &BTreeSet<u64>,
    lost_keys: &mut Vec<(u64, Vec<u8>)>,
    damage: &mut Vec<String>,
) -> HashMap<u64, Page> {
    let mut by_page: HashMap<u64, Vec<(u64, &Message)>> = HashMap::new();
    for (lsn, message) in &log.messages {
        if !torn.contains(lsn) {
            by_page.entry(message.pid).or_default().push((*lsn, message));
        } else if message.kind == Kind::Link {
            lost_keys.extend(link_key(&message.body).map(|key| (message.pid, key)));
        }
    }
    let mut pages = HashMap::new();
    let mut unreadable = 0;
    for (pid, messages) in by_page {
        let Some(base) = messages.iter().rposition(|(_, m)| m.kind != Kind::Link) else { continue };
        let (lsn, first) = messages[base];
        let page = match first.kind {
            Kind::Node => match node(&first.body) {
                Some(mut node) => {
                    // Once an update does not fit, the page stays as it was before it: that update and every
                    // later one of the page are lost.
                    let mut fits = true;
                    for (_, link) in &messages[base + 1..] {
                        fits = fits && node.apply(&link.body).is_some();
                        if !fits {
                            lost_keys.extend(link_key(&link.body).map(|key| (pid, key)));
                        }
                    }
                    if !fits {
                        unreadable += 1;
                    }
                    Page::Node(Box::new(node), lsn)
                }
                None => {
                    unreadable += 1;
                    continue;
                }
            },
            Kind::Meta => Page::Meta(first.body.clone()),
            Kind::Free => continue,
            _ => Page::Other,
        };
        pages.insert(pid, page);
    }
    if unreadable > 0 {
        damage.push(format!("{unreadable} pieces of the store's index did not decode"));
    }
    pages
}

/// The trees read so far: their entries, which tree each page belongs to, the pages reached, and those of games.
#[derive(Default)]
struct Found {
    trees: BTreeMap<Vec<u8>, BTreeMap<Vec<u8>, Vec<u8>>>,
    tree_of: HashMap<u64, Vec<u8>>,
    reached: HashSet<u64>,
    game_pages: HashSet<u64>,
}

impl Found {
    /// A leaf its tree no longer reaches (the newest version of an index page above it was in the damage) still
    /// leads, along its level's `next` links, into the pages of its tree: its entries go back there (where the
    /// tree does not hold them already). How many leaves were placed.
    fn place_strays(&mut self, pages: &HashMap<u64, Page>) -> usize {
        let strays: Vec<u64> = pages
            .iter()
            .filter(|(pid, page)| {
                !self.reached.contains(*pid) && matches!(page, Page::Node(n, _) if n.children.is_none())
            })
            .map(|(pid, _)| *pid)
            .collect();
        let mut placed = 0;
        for pid in strays {
            let mut at = pid;
            let mut seen = HashSet::new();
            let tree = loop {
                if let Some(tree) = self.tree_of.get(&at) {
                    break Some(tree.clone());
                }
                match pages.get(&at) {
                    Some(Page::Node(node, _)) if seen.insert(at) => match node.next {
                        Some(next) => at = next,
                        None => break None,
                    },
                    _ => break None,
                }
            };
            let (Some(tree), Some(Page::Node(leaf, _))) = (tree, pages.get(&pid)) else { continue };
            let entries = self.trees.entry(tree.clone()).or_default();
            let prefix = &leaf.lo[..leaf.prefix_len];
            for (key, value) in leaf.keys.iter().zip(&leaf.values) {
                let full = [prefix, key.as_slice()].concat();
                if leaf.covers(&full) {
                    entries.entry(full).or_insert_with(|| value.clone());
                }
            }
            if tree == b"games" || tree == b"moves" {
                self.game_pages.insert(pid);
            }
            self.tree_of.insert(pid, tree);
            self.reached.insert(pid);
            placed += 1;
        }
        placed
    }
}

/// Every entry of the tree whose root page is `root`: down the index, and along each level's `next` links
/// (a split's right half is reached that way before its parent knows it).
fn walk(pages: &HashMap<u64, Page>, root: u64, reached: &mut HashSet<u64>) -> BTreeMap<Vec<u8>, Vec<u8>> {
    let mut leaves = Vec::new();
    let mut queue = vec![root];
    let mut visited = HashSet::new();
    while let Some(pid) = queue.pop() {
        if !visited.insert(pid) {
            continue;
        }
        reached.insert(pid);
        let Some(Page::Node(node, lsn)) = pages.get(&pid) else { continue };
        queue.extend(node.next);
        match &node.children {
            Some(children) => queue.extend(children.iter().copied()),
            None => leaves.push((node.as_ref(), *lsn)),
        }
    }
    leaves.sort_by_key(|(_, lsn)| *lsn);
    // A leaf that was merged into its left neighbour is left out once the neighbour took its range.
    let merged = |leaf: &Node| {
        leaf.merging && leaves.iter().any(|(other, _)| !other.merging && other.lo < leaf.lo && other.covers(&leaf.lo))
    };
    let mut entries = BTreeMap::new();
    for (leaf, _) in leaves.iter().filter(|(leaf, _)| !merged(leaf)) {
        let prefix = &leaf.lo[..leaf.prefix_len];
        for (key, value) in leaf.keys.iter().zip(&leaf.values) {
            let full = [prefix, key.as_slice()].concat();
            if leaf.covers(&full) {
                entries.insert(full, value.clone());
            }
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Opens a sled folder this test closed a moment ago: sled's flusher thread may still hold the lock for a
    /// while on a busy machine, so the open is tried again (for up to a minute) rather than failing on speed.
    fn reopen(path: &std::path::Path) -> sled::Db {
        for _ in 0..600 {
            match sled::open(path) {
                Ok(db) => return db,
                Err(e) if e.to_string().contains("could not acquire lock") => {
                    std::thread::sleep(std::time::Duration::from_millis(100))
                }
                Err(e) => panic!("{e}"),
            }
        }
        panic!("{} stayed locked", path.display())
    }

    /// Waits until sled's threads have let go of a folder this test closed (its lock released), so that what
    /// is read is what sled left, not a log still being written.
    fn wait_closed(path: &std::path::Path) {
        for _ in 0..600 {
            let file = std::fs::OpenOptions::new().read(true).write(true).open(path.join("db")).unwrap();
            if file.try_lock().is_ok() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("{} stayed locked", path.display())
    }

    #[test]
    fn large_transactions_over_reclaimed_segments_read_back() {
        use sled::Transactional;
        let dir = tempfile::tempdir().unwrap();
        let mut expected: BTreeMap<Vec<u8>, BTreeMap<Vec<u8>, Vec<u8>>> = BTreeMap::new();
        for run in 0..2u8 {
            let db = reopen(dir.path());
            let (a, b) = (db.open_tree("a").unwrap(), db.open_tree("b").unwrap());
            // Batches of about 600 KB, each larger than a segment, over the same keys again and again: sled
            // reclaims the segments of the old versions, and the new batches span several segments.
            for round in 0..12u8 {
                let value = vec![round ^ run; 1_000];
                (&a, &b)
                    .transaction(|(a, b)| {
                        for i in 0..300u32 {
                            a.insert(&i.to_be_bytes(), value.clone())?;
                            b.insert(&i.to_be_bytes(), &value[..10])?;
                        }
                        Ok::<_, sled::transaction::ConflictableTransactionError<()>>(())
                    })
                    .unwrap();
            }
            db.flush().unwrap();
            let last = vec![11 ^ run; 1_000];
            for i in 0..300u32 {
                expected.entry(b"a".to_vec()).or_default().insert(i.to_be_bytes().to_vec(), last.clone());
                expected.entry(b"b".to_vec()).or_default().insert(i.to_be_bytes().to_vec(), last[..10].to_vec());
            }
        }
        wait_closed(dir.path());
        let recovered = recover(dir.path()).unwrap();
        assert!(recovered.damage.is_empty(), "{:?}", recovered.damage);
        for (name, entries) in &expected {
            assert_eq!(recovered.trees.get(name), Some(entries), "tree {name:?}");
        }
    }

    /// A message that starts at a segment's red zone (sled lets one start at its first byte) and ends inside it:
    /// a batch that goes on in the next segment is still whole.
    #[test]
    fn a_message_at_the_red_zone_leaves_the_segment_whole() {
        let size = 1024;
        let mut log = Log {
            segment_size: size,
            messages: BTreeMap::new(),
            readable: BTreeMap::new(),
            batches: Vec::new(),
            present: [0, size].into(),
            damage: Vec::new(),
        };
        for base in [0, size] {
            log.mark_read(base, base + SEG_HEADER_LEN);
            log.mark_read(base + size - MAX_MSG_HEADER_LEN, base + size);
        }
        log.mark_read(SEG_HEADER_LEN, size - MAX_MSG_HEADER_LEN);
        // The segment's last message, from the red zone's first byte, 22 bytes long; 10 bytes left unwritten.
        log.mark_read(size - MAX_MSG_HEADER_LEN, size - MAX_MSG_HEADER_LEN + 22);
        log.mark_read(size + SEG_HEADER_LEN, size + 100);
        assert_eq!(log.first_unread(SEG_HEADER_LEN, size + 90), None);
        assert_eq!(log.first_unread(SEG_HEADER_LEN, size + 100), Some(size + 100), "past what was written");
    }

    #[test]
    fn varints_read_as_sled_writes_them() {
        for (bytes, value) in [
            (vec![7], 7),
            (vec![240], 240),
            (vec![241, 0], 240),
            (vec![248, 255], 2287),
            (vec![249, 0, 0], 2288),
            (vec![250, 1, 2, 3], 0x030201),
            (vec![255, 1, 0, 0, 0, 0, 0, 0, 0], 1),
        ] {
            assert_eq!(varint(&mut bytes.as_slice()), Some(value), "{bytes:?}");
        }
        assert_eq!(varint(&mut [250, 1].as_slice()), None, "cut short");
    }

    #[test]
    fn a_healthy_store_reads_back_entry_for_entry() {
        let dir = tempfile::tempdir().unwrap();
        let mut expected: BTreeMap<Vec<u8>, BTreeMap<Vec<u8>, Vec<u8>>> = BTreeMap::new();
        // Three runs, each reopening the store: splits, merges (after removals), reused segments.
        for run in 0..3u32 {
            let db = reopen(dir.path());
            for t in 0..3u8 {
                let tree = db.open_tree([b't', t]).unwrap();
                let entries = expected.entry(vec![b't', t]).or_default();
                for i in 0..2_000u32 {
                    let value = vec![t + run as u8; (i as usize * 7 + run as usize) % 300];
                    tree.insert(i.to_be_bytes(), value.clone()).unwrap();
                    entries.insert(i.to_be_bytes().to_vec(), value);
                    if i % 3 == run {
                        tree.remove((i / 2).to_be_bytes()).unwrap();
                        entries.remove(&(i / 2).to_be_bytes().to_vec());
                    }
                }
                // A value larger than sled keeps in the log goes to its own file.
                tree.insert(b"big", vec![9u8 + run as u8; 200_000]).unwrap();
                entries.insert(b"big".to_vec(), vec![9u8 + run as u8; 200_000]);
            }
            db.flush().unwrap();
        }
        wait_closed(dir.path());
        let recovered = recover(dir.path()).unwrap();
        assert!(recovered.damage.is_empty(), "{:?}", recovered.damage);
        for (name, entries) in &expected {
            assert_eq!(recovered.trees.get(name), Some(entries), "tree {name:?}");
        }
    }
}
