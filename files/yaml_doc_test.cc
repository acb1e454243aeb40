// Untrusted YAML gets file:line:column and a message, never a crash or a hang.
#include "files/yaml_doc.h"

#include <gtest/gtest.h>

#include <limits>

namespace meldcheck {
namespace {

// The error a text raises, as file:line:column: message.
std::string error_of(const std::string& text) {
  try {
    parse_yaml(text, "t.yaml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Yaml, MarksAreOneBased) {
  auto docs = parse_yaml("a: 1\nb:\n  - x\n  - y\n", "t.yaml");
  ASSERT_EQ(docs.size(), 1u);
  const YamlNode* b = docs[0].find("b");
  ASSERT_TRUE(b && b->is_seq());
  EXPECT_EQ(b->items[1].mark.line, 4);
  EXPECT_EQ(b->items[1].mark.column, 5);
}

TEST(Yaml, DuplicateKeysAreRefusedAtTheSecond) {
  EXPECT_EQ(error_of("a: 1\nb: 2\na: 3\n"), "t.yaml:3:1: duplicate key 'a'");
}

TEST(Yaml, DeepNestingIsRefused) {
  std::string deep(100000, '[');
  EXPECT_NE(error_of(deep).find("t.yaml:1:"), std::string::npos);
  std::string block;
  for (int i = 0; i < 200; ++i) block += std::string(size_t(i * 2), ' ') + "k:\n";
  EXPECT_NE(error_of(block).find("nesting deeper"), std::string::npos);
}

TEST(Yaml, AliasBombsAreRefused) {
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'j'; ++c)
    bomb += std::string(1, c) + ": &" + c + " [*" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + "]\n";
  EXPECT_NE(error_of(bomb).find("t.yaml:1:"), std::string::npos);
}

TEST(Yaml, BinaryBytesAreRefused) {
  EXPECT_EQ(error_of(std::string("a: 1\nb: \0\x01", 10)), "t.yaml:2:4: control character in the file (not a text file?)");
  EXPECT_EQ(error_of("a: \xff\xfe\n"), "t.yaml:1:4: invalid UTF-8");
}

TEST(Yaml, HugeFilesAreRefused) {
  std::string huge(5 << 20, 'a');
  EXPECT_NE(error_of(huge).find("larger than"), std::string::npos);
}

TEST(Yaml, ManyNodesAreRefused) {
  std::string wide = "[";
  for (int i = 0; i < 300000; ++i) wide += "1,";
  wide += "1]";
  EXPECT_NE(error_of(wide).find("too many nodes"), std::string::npos);
}

// yaml-cpp emits nulls without end for a lone ','; the text's size bounds the nodes, so the
// reader refuses it at once even with no limit of its own on nodes.
TEST(Yaml, ARunawayParserIsStoppedByTheTextsSize) {
  YamlLimits unbounded;
  unbounded.max_nodes = std::numeric_limits<size_t>::max();
  try {
    parse_yaml(",", "t.yaml", unbounded);
    ADD_FAILURE() << "a lone ',' read as YAML";
  } catch (const InputError& e) {
    EXPECT_EQ(e.message(), "too many nodes in the document");
  }
}

TEST(Yaml, SyntaxErrorsCarryTheirPlace) {
  EXPECT_NE(error_of("a: [1, 2\n").find("t.yaml:"), std::string::npos);
  EXPECT_NE(error_of("a: b: c\n").find("t.yaml:1:"), std::string::npos);
}

}  // namespace
}  // namespace meldcheck
