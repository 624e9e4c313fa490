# SPDX-License-Identifier: MIT
VALUE = "sibling module imported"
