"""Medieval Italia 535-1865: David Bofinger's Britannia-family variant, as a variant of the
Italia engine (issue 19). Its map is ``geodata/medieval.*``; its scenario
``scenarios/medieval/``; its rules, one module per rule area, cite the variant's rule text
(``shared/rules/medieval-italia-britannia-variant.txt``), the Britannia rules it relies on
(``Britannia (public summary)``) and the choices made where both are silent
(``reconstructed``). ``docs/games/medieval.md`` is the coverage table."""
