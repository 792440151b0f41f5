mod ball_to_polyline;
mod capsule_to_polyline;
mod cuboid_to_polyline;
mod heightfield_to_polyline;
mod round_convex_polygon_to_polyline;
mod round_cuboid_to_polyline;
mod voxels_to_polyline;
