// What the fuzz targets of untrusted bytes ask of what meldcheck writes: JSON that a strict
// reader reads (UTF-8 included), and JUnit XML that is well-formed. Each returns what is
// wrong, or an empty string.
#pragma once

#include <string>

namespace meldcheck::fuzz {

std::string json_problem(const std::string& text);
// Well-formed XML as the JUnit writer makes it: UTF-8 of characters XML allows, only the
// five named entities and numeric ones, attribute values quoted without '<', tags balanced.
std::string xml_problem(const std::string& text);

}  // namespace meldcheck::fuzz
