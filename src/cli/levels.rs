//! `skidpad levels`: the levels by group (circuits, challenges, test grounds), each with
//! the name players know, where it is and a one-line description, or with `--check LEVEL`
//! one level's ground as the physics sees it: the terrain, then every surface with its
//! material, friction μ, area (all of it, and what the overlap rule leaves of it: the later
//! surface in the file wins) and rectangle. When a lane does not grip as drawn, compare this
//! list with the level file and with `skidpad screenshot --view friction`.

use super::context::Context;
use crate::content::{level_names, load_level};
use crate::content::{Level, LevelInfo};
use crate::error::Error;
use clap::Args;
use skidpad_bake::surfaces::{signed_area, terrain_outline, visible_parts};

/// Options of `levels`.
#[derive(Debug, Args)]
pub struct LevelsArgs {
    /// List this level's surfaces and materials as the physics sees them (a name or a path
    /// to a level TOML) instead of listing the levels.
    #[arg(long, value_name = "NAME|PATH")]
    pub check: Option<String>,
}

/// Runs `levels`.
pub fn run(ctx: &Context, args: &LevelsArgs) -> Result<(), Error> {
    let root = &ctx.root;
    match &args.check {
        None => {
            // By group, then by the name players know, as the level select lists them.
            let mut lines: Vec<(Option<LevelInfo>, String)> = level_names(root)
                .into_iter()
                .map(|name| match load_level(root, &name) {
                    Ok(l) => {
                        let info = &l.level.info;
                        let at = info.location().map_or(String::new(), |at| format!(" ({at})"));
                        let line = format!(
                            "{name:<16} {:<12} {}{at}: {}",
                            info.kind.heading().trim_end_matches('s').to_lowercase(),
                            info.name,
                            l.level.description
                        );
                        (Some(l.level.info), line)
                    }
                    Err(e) => (None, format!("{name:<16} (broken: {e})")),
                })
                .collect();
            lines.sort_by_cached_key(|(info, line)| (info.as_ref().map(LevelInfo::listing_key), line.clone()));
            for (_, line) in lines {
                println!("{line}");
            }
        }
        Some(level) => print!("{}", report(&load_level(root, level)?.level)),
    }
    Ok(())
}

/// The `--check` listing of `level`.
pub fn report(level: &Level) -> String {
    let t = &level.terrain;
    let m = level.materials.get(t.material);
    let kind = if t.heights.is_some() { "heightmap" } else { "flat" };
    let mut s = format!(
        "level {}: chunks of {} m; later surfaces win where they overlap\n\
         terrain   {:<9} mu {:.2}  area {:.1} m2  {kind} {} x {} m centred on the origin\n",
        level.name,
        level.chunk_size_m,
        m.name,
        m.friction,
        t.size_m.x * t.size_m.y,
        t.size_m.x,
        t.size_m.y
    );
    let outline = terrain_outline(t);
    for (i, surface) in level.surfaces.iter().enumerate() {
        let m = level.materials.get(surface.material);
        let visible: f32 = visible_parts(level, i, &outline).iter().map(|p| signed_area(p)).sum();
        s += &format!(
            "surfaces[{i}] {:<9} mu {:.2}  area {:.1} m2 ({:.1} m2 not covered by later ones)  \
             rect centre [{:.2}, {:.2}] size [{:.2}, {:.2}] yaw {:.1} deg\n",
            m.name,
            m.friction,
            surface.size_m.x * surface.size_m.y,
            visible,
            surface.center_m.x,
            surface.center_m.y,
            surface.size_m.x,
            surface.size_m.y,
            surface.yaw_rad.to_degrees()
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slip_lists_its_four_lanes_with_their_friction() {
        let level = load_level(&crate::content::ContentRoot::Embedded, "slip")
            .unwrap()
            .level;
        let r = report(&level);
        assert!(r.contains("terrain   asphalt   mu 1.00"), "{r}");
        assert!(
            r.contains("surfaces[3] ice       mu 0.10  area 1560.0 m2 (1560.0 m2"),
            "{r}"
        );
        assert_eq!(r.lines().count(), 2 + 4, "{r}");
    }
}
