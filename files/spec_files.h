// The spec/ files, embedded in the binary at build time (files/embed_spec.cmake).
#pragma once

#include <span>
#include <string_view>

namespace meldcheck {

struct EmbeddedFile {
  std::string_view name;  // relative to spec/
  std::string_view text;
};

std::span<const EmbeddedFile> spec_files();

}  // namespace meldcheck
