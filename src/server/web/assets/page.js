// The read-only pages (player, archive, rules): only the header's name, from the last visit.
import './common.js';
