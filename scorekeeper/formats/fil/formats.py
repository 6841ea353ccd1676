"""Dates and numbers as the Philippines writes them: month first, as in English there
("Nobyembre 27, 2026"), 12-hour clock, the week from Sunday, 1,234.5."""

DATE_FORMAT = "F j, Y"
TIME_FORMAT = "g:i A"
DATETIME_FORMAT = "F j, Y, g:i A"
YEAR_MONTH_FORMAT = "F Y"
MONTH_DAY_FORMAT = "F j"
SHORT_DATE_FORMAT = "m/d/Y"
SHORT_DATETIME_FORMAT = "m/d/Y g:i A"
FIRST_DAY_OF_WEEK = 0
DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
