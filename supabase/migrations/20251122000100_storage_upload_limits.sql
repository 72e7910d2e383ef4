-- Upload limits for the two buckets: photos and event images only,
-- at most 10 MB each. The storage API checks the type against the file's
-- bytes (a text file renamed .png is refused), refuses larger bodies before
-- holding them, and re-encodes every image without its metadata (EXIF GPS
-- positions, XMP, ICC). SVG is not listed: it can carry script.

update storage.buckets
set file_size_limit = 10 * 1024 * 1024,
    allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
    updated_at = now()
where id in ('photo-wall', 'event-images');
